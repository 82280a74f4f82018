// What the page keeps in this browser, under one key per thing: the one wrapper of the
// browser's storage, localStorage (kept across visits) or a tab's sessionStorage (the live
// class's keys: a reload keeps them, another tab does not see them; shared/class-tab.js).
// What the browser kept may be anything (another version of the page, a hand edit) and the
// browser may refuse (private mode, storage blocked or full): reading never throws, and a
// value that cannot be kept is this visit's only; `refused` says that it happened.

/** The browser's localStorage, or null where reaching it throws (storage blocked). */
export function browserStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The tab's sessionStorage, or null where reaching it throws (storage blocked). */
export function tabStorage() {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export class Kept {
  /**
   * @param {string} key the key it is kept under
   * @param {Storage|null} storage where (localStorage by default, or tabStorage(); null:
   *   this visit only)
   */
  constructor(key, storage = browserStorage()) {
    this.key = key;
    this.storage = storage;
    /** True once the storage refused a read or a write (or there is none). */
    this.refused = storage === null;
  }

  /** The text kept, or null when there is none or it cannot be read. */
  readText() {
    try {
      return this.storage?.getItem(this.key) ?? null;
    } catch {
      this.refused = true;
      return null;
    }
  }

  /** Keeps `text`; false when the browser would not keep it. */
  writeText(text) {
    try {
      if (!this.storage) return false;
      this.storage.setItem(this.key, text);
      return true;
    } catch {
      this.refused = true;
      return false;
    }
  }

  /** The value kept as JSON, or `fallback` when there is none or it is not JSON. */
  read(fallback) {
    const text = this.readText();
    if (text === null) return fallback;
    try {
      return JSON.parse(text) ?? fallback;
    } catch {
      return fallback;
    }
  }

  /** Keeps `value` as JSON; false when the browser would not keep it. */
  write(value) {
    return this.writeText(JSON.stringify(value));
  }

  /** Forgets what is kept; false when the browser would not (or there is no storage). */
  remove() {
    try {
      if (!this.storage) return false;
      this.storage.removeItem(this.key);
      return true;
    } catch {
      this.refused = true;
      return false;
    }
  }
}

/** The value kept under `key` in localStorage, or `fallback` (see Kept.read). */
export const readKept = (key, fallback) => new Kept(key).read(fallback);

/** Keeps `value` under `key` in localStorage; false when the browser would not keep it. */
export const writeKept = (key, value) => new Kept(key).write(value);
