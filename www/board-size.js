// Board size: parse what a person typed or what the URL says. Pure; no DOM.

export const MIN_SIZE = 1;
export const MAX_SIZE = 32;
export const DEFAULT_SIZE = 8;

/**
 * Reads a board size from text.
 * Returns { ok: true, n } for a whole number in MIN_SIZE..MAX_SIZE,
 * otherwise { ok: false, message } with a sentence a person can act on.
 */
export function parseBoardSize(text) {
  const trimmed = String(text ?? '').trim();
  if (trimmed === '') {
    return { ok: false, message: 'Board size is empty: type a whole number from 1 to 32.' };
  }
  if (!/^[+-]?\d+$/.test(trimmed)) {
    return { ok: false, message: `Board size “${clip(trimmed)}” is not a whole number: use 1 to 32.` };
  }
  const n = Number(trimmed);
  if (n < MIN_SIZE || n > MAX_SIZE) {
    return { ok: false, message: `Board size ${clip(trimmed)} is out of range: use 1 to 32.` };
  }
  return { ok: true, n };
}

/** Keeps a message readable when the input is long junk. */
function clip(text) {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}
