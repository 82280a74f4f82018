// The core's one-line reasons mark code with backticks (`poss & done`): shown with those spans
// as <code> elements and the rest as plain text, both built as text nodes (never parsed as
// markup), so that a reason reads as the core wrote it. Imports no feature.

import { element } from './element.js';

/**
 * `text` cut into its parts, in order: {code: true, text} for each `…` span (without its
 * backticks), {code: false, text} for the rest. An unmatched backtick stays as it is; empty
 * parts are left out.
 */
export function codeParts(text) {
  const parts = [];
  const source = String(text ?? '');
  const span = /`([^`]+)`/g;
  let from = 0;
  for (const match of source.matchAll(span)) {
    if (match.index > from) parts.push({ code: false, text: source.slice(from, match.index) });
    parts.push({ code: true, text: match[1] });
    from = match.index + match[0].length;
  }
  if (from < source.length) parts.push({ code: false, text: source.slice(from) });
  return parts;
}

/** `text` as nodes to append: strings for plain text, a <code> element (its text as text) for
 *  each `…` span. */
export function codeNodes(text) {
  return codeParts(text).map((part) => (part.code ? element('code', '', part.text) : part.text));
}
