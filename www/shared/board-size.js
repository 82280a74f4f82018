// Board size: parse what a person typed or what the URL says. Pure; no DOM.

export const MIN_SIZE = 1;
export const DEFAULT_SIZE = 8;
/** The largest board Compare's lanes take: beyond, the slow algorithms would not finish in a
 *  class. Lessons and links are checked against it before Compare is loaded. */
export const MAX_COMPARE_SIZE = 16;

/**
 * Reads a board size from text.
 * Returns { ok: true, n } for a whole number in MIN_SIZE..max (the player's is the core's
 * board::MAX_N, read from wasm limits()), otherwise { ok: false, message, why } with a sentence
 * a person can act on: `message` in English (for the parts not moved onto the catalogs yet),
 * `why` its catalog message ({id, args}: locales/en/bitqueens.ftl's board-size-…).
 */
export function parseBoardSize(text, max) {
  if (!Number.isInteger(max) || max < MIN_SIZE) throw new Error(`parseBoardSize needs the largest board, got ${max}`);
  const trimmed = String(text ?? '').trim();
  if (trimmed === '') {
    return { ok: false, message: `Board size is empty: type a whole number from 1 to ${max}.`, why: { id: 'board-size-empty', args: { max } } };
  }
  if (!/^[+-]?\d+$/.test(trimmed)) {
    return { ok: false, message: `Board size “${clip(trimmed)}” is not a whole number: use 1 to ${max}.`, why: { id: 'board-size-not-whole', args: { typed: clip(trimmed), max } } };
  }
  const n = Number(trimmed);
  if (n < MIN_SIZE || n > max) {
    return { ok: false, message: `Board size ${clip(trimmed)} is out of range: use 1 to ${max}.`, why: { id: 'board-size-out-of-range', args: { typed: clip(trimmed), max } } };
  }
  return { ok: true, n };
}

/**
 * The same for a number field ({value, validity, max}): such a field reads as empty when what
 * was typed is not a number ("e", "1e-"), and only validity.badInput tells the two apart.
 * `max` is the field's own unless given.
 */
export function parseBoardSizeField(field, max = Number(field.max)) {
  if (field.validity?.badInput) {
    return { ok: false, message: `Board size is not a number: use 1 to ${max}.`, why: { id: 'board-size-not-number', args: { max } } };
  }
  return parseBoardSize(field.value, max);
}

/** Keeps a message readable when the input is long junk. */
function clip(text) {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}
