// Keeps every number of a counter list inside its tile, at any width, in Projector mode too:
// each number's length in characters goes to CSS as --chars, which widens the tile of a long
// number (two columns) and shrinks its font when even that is too narrow (style.css,
// ".counters dd"). It watches the list, so whoever writes a number needs to know nothing.

const WIDE_FROM = 9; // characters: "1,234,567" still fits one tile

/** Watches the <dl> `list`: every <dd> directly in a tile, except the Explored figure's. */
export function fitCounters(list) {
  const fit = () => {
    for (const dd of list.querySelectorAll(':scope > div:not(.explored) > dd')) {
      const chars = String(dd.textContent.trim().length);
      if (dd.style.getPropertyValue('--chars') === chars) continue;
      dd.style.setProperty('--chars', chars);
      dd.parentElement.classList.toggle('wide', Number(chars) >= WIDE_FROM);
    }
  };
  new MutationObserver(fit).observe(list, { subtree: true, childList: true, characterData: true });
  fit();
}
