// Small helpers for the panels that redraw every frame while playing.

/** Writes `text` into `element` unless it is there already: a write the page does not need
 *  still costs a layout of the text and of what stands around it. */
export function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}
