// Keeps every number of a counter list inside its tile, at any width, in Projector mode too:
// each number's length in characters goes to CSS as --chars, which widens the tile of a long
// number (two columns), and each tile's inner width as --tile, by which the font shrinks when
// even two columns are too narrow (stage.css, ".counters dd"). It watches the list, so whoever
// writes a number needs to know nothing.
//
// The width is measured here rather than read by CSS as a container query: a query container
// has its contents restyled whenever it is laid out, and a counter is laid out on every frame
// of play (that cost about 0.2 ms a frame).

const WIDE_FROM = 9; // characters: "1,234,567" still fits one tile

/** Watches the <dl> `list`: every tile's <dd>, except the Explored figure's. */
export function fitCounters(list) {
  const tiles = list.querySelectorAll(':scope > div:not(.explored)');
  const fit = () => {
    for (const tile of tiles) {
      const dd = tile.querySelector(':scope > dd');
      const chars = String(dd.textContent.trim().length);
      if (dd.style.getPropertyValue('--chars') === chars) continue;
      dd.style.setProperty('--chars', chars);
      tile.classList.toggle('wide', Number(chars) >= WIDE_FROM);
    }
  };
  new MutationObserver(fit).observe(list, { subtree: true, childList: true, characterData: true });
  fit();
  // Measured on the tile's <dt>, as wide as the tile's inside: its size does not change with
  // the number's font, as the tile's height does (which would notify the observer again).
  const measure = new ResizeObserver((entries) => {
    for (const { target, contentRect } of entries) target.parentElement.style.setProperty('--tile', `${contentRect.width}px`);
  });
  for (const tile of tiles) measure.observe(tile.querySelector(':scope > dt'));
}
