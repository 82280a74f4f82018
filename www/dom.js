// Small helpers for the panels that redraw every frame while playing.

/** Writes `text` into `element` unless it is there already: a write the page does not need
 *  still costs a layout of the text and of what stands around it. */
export function setText(element, text) {
  const only = element.firstChild;
  if (only && only === element.lastChild && only.nodeType === 3) { // one text node
    // Changed in place: replacing the text node would also restyle and reattach it.
    if (only.data !== text) only.data = text;
  } else if (element.textContent !== text) {
    element.textContent = text;
  }
}
