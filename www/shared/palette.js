// The page's colours as the canvases need them: the style sheet's custom properties (--ink,
// --band, …) read once, and read again when the look changes (the theme, Projector mode:
// attributes of <html>, see look.js and embed.js). The canvas views draw with these, so a
// square or a digit has the colours the style sheet gives the page around it.

const NAMES = ['panel', 'ink', 'muted', 'light', 'dark', 'accent', 'attack', 'current', 'band', 'band-free', 'one'];

let colours = null;
let observing = false;
const layers = new Set(); // WeakRefs to the canvas layers drawn with these colours

/** { ink: '#1d1f24', 'band-free': '#bfe6c9', …, sans, mono }: the style sheet's colours now,
 *  and the font families of the page's text and of its code. */
export function palette() {
  if (!colours) {
    const style = getComputedStyle(document.documentElement);
    colours = Object.fromEntries(NAMES.map((name) => [name, style.getPropertyValue(`--${name}`).trim()]));
    colours.sans = getComputedStyle(document.body).fontFamily;
    colours.mono = style.getPropertyValue('--mono').trim();
  }
  return colours;
}

/** Draws `layer` (a CanvasLayer) again whenever the colours may have changed. It is held
 *  weakly: a view taken off the page (a Compare lane closed) is not kept for this. */
export function redrawOnPaletteChange(layer) {
  if (!observing) {
    observing = true;
    new MutationObserver(() => {
      colours = null;
      for (const held of layers) {
        const drawn = held.deref();
        if (drawn) drawn.draw();
        else layers.delete(held);
      }
    }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'data-projector', 'data-presenter'] });
  }
  for (const held of layers) if (!held.deref()) layers.delete(held); // views gone since
  layers.add(new WeakRef(layer));
}
