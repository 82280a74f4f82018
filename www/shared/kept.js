// Values kept in this browser as JSON (localStorage). What the browser kept may be anything
// (another version of the page, a hand edit, storage turned off): reading never throws, and a
// value that cannot be kept is this visit's only.

/** The value kept under `key`, or `fallback` when there is none or it cannot be read. */
export function readKept(key, fallback) {
  try {
    return JSON.parse(localStorage.getItem(key)) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Keeps `value` under `key`; false when the browser would not keep it. */
export function writeKept(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}
