// The one element builder: an element with a class and children, its text always set as text
// (never parsed as markup), so that a learner's, a link's or a file's words stay words.

/**
 * An HTML element `tag` with class `className` (none when empty) holding `children`: strings
 * (text) and elements, in order. `doc` is the document it belongs to (another window's, for
 * the presenter's notes); the page's by default.
 */
export function element(tag, className = '', ...children) {
  return elementIn(document, tag, className, ...children);
}

/** The same, made in the document `doc`. */
export function elementIn(doc, tag, className = '', ...children) {
  const made = doc.createElement(tag);
  if (className) made.className = className;
  made.append(...children.filter((child) => child !== undefined && child !== null));
  return made;
}

/** A button (type="button": it submits no form) saying `text`, with class `className`. */
export function button(text, className = '') {
  const made = element('button', className, text);
  made.type = 'button';
  return made;
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element `name` with attributes `attributes` ({name: value}) and, if given, text. */
export function svgElement(name, attributes = {}, text = undefined) {
  const made = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) made.setAttribute(key, value);
  if (text !== undefined) made.textContent = text;
  return made;
}
