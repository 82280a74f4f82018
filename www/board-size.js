// Board size: parse what a person typed or what the URL says. Pure; no DOM.

export const MIN_SIZE = 1;
// A copy of the core's board::MAX_N for the pure functions here (their unit tests run without
// wasm); main.js checks it against the core's limits() when the page starts.
export const MAX_SIZE = 32;
export const DEFAULT_SIZE = 8;

/**
 * Reads a board size from text.
 * Returns { ok: true, n } for a whole number in MIN_SIZE..max (MAX_SIZE unless given),
 * otherwise { ok: false, message } with a sentence a person can act on.
 */
export function parseBoardSize(text, max = MAX_SIZE) {
  const trimmed = String(text ?? '').trim();
  if (trimmed === '') {
    return { ok: false, message: `Board size is empty: type a whole number from 1 to ${max}.` };
  }
  if (!/^[+-]?\d+$/.test(trimmed)) {
    return { ok: false, message: `Board size “${clip(trimmed)}” is not a whole number: use 1 to ${max}.` };
  }
  const n = Number(trimmed);
  if (n < MIN_SIZE || n > max) {
    return { ok: false, message: `Board size ${clip(trimmed)} is out of range: use 1 to ${max}.` };
  }
  return { ok: true, n };
}

/**
 * The same for a number field ({value, validity}): such a field reads as empty when what was
 * typed is not a number ("e", "1e-"), and only validity.badInput tells the two apart.
 */
export function parseBoardSizeField(field, max = MAX_SIZE) {
  if (field.validity?.badInput) {
    return { ok: false, message: `Board size is not a number: use 1 to ${max}.` };
  }
  return parseBoardSize(field.value, max);
}

/** Keeps a message readable when the input is long junk. */
function clip(text) {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}
