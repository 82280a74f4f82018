// What the page drew on its canvases, read back from their pixels: the board's squares and the
// bit rows' digits are drawn on canvases laid over transparent elements (www/stage/board.js, bits.js).

/**
 * Runs in the page (pass it to evaluateAll). For each element, a square (a gridcell of a board)
 * or each digit of a line of digits (its group), what the canvas under it shows, 3 CSS pixels
 * in from its edges: [symbol, ground, marked].
 *  - ground: the colour most of its pixels have (a transparent pixel shows the background of
 *    the canvas's parent), as "rgb(r, g, b)";
 *  - symbol: the colour, of those fully drawn on 3 pixels or more, that stands out most from
 *    the ground (the ground itself when nothing is drawn on it);
 *  - marked: how many of its fully drawn pixels differ from the ground.
 */
export function drawnColours(elements) {
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((v) => v / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const probes = elements.flatMap((element) => {
    if (element.getAttribute('role') === 'gridcell') {
      return [[element.closest('[role="grid"]').querySelector('canvas'), element.getBoundingClientRect()]];
    }
    const canvas = element.querySelector('canvas');
    const box = canvas.getBoundingClientRect();
    const n = element.textContent.length;
    return Array.from({ length: n }, (_, c) => [canvas, new DOMRect(box.x + (box.width * c) / n, box.y, box.width / n, box.height)]);
  });
  return probes.map(([canvas, rect]) => {
    if (canvas.width === 0) throw new Error('a canvas has no size yet: wait for canvasesSized first');
    const box = canvas.getBoundingClientRect();
    const k = canvas.width / box.width;
    const inset = 3; // CSS pixels: away from where squares meet and from a changed digit's outline
    const data = canvas.getContext('2d').getImageData(Math.round((rect.x - box.x + inset) * k), Math.round((rect.y - box.y + inset) * k),
      Math.round((rect.width - 2 * inset) * k), Math.round((rect.height - 2 * inset) * k)).data;
    const ground = getComputedStyle(canvas.parentElement).backgroundColor.match(/[\d.]+/g).slice(0, 3).map(Number);
    const counts = new Map();
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] !== 0 && data[i + 3] !== 255) continue; // an edge, partly drawn
      const key = (data[i + 3] === 0 ? ground : [data[i], data[i + 1], data[i + 2]]).join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const colours = [...counts].sort((a, b) => b[1] - a[1]);
    const background = colours[0][0].split(',').map(Number);
    const symbol = colours.filter(([, count]) => count >= 3).map(([key]) => key.split(',').map(Number))
      .reduce((best, rgb) => (ratio(rgb, background) > ratio(best, background) ? rgb : best), background);
    const marked = colours.slice(1).reduce((sum, [, count]) => sum + count, 0);
    return [`rgb(${symbol.join(', ')})`, `rgb(${background.join(', ')})`, marked];
  });
}

/** Waits until every canvas laid over the board and the bit rows has the size in device pixels
 *  of the element it covers: the page sizes them (and draws them whole) on a ResizeObserver's
 *  call, in the frame after a change of layout. */
export function canvasesSized(page) {
  return page.waitForFunction(() => [...document.querySelectorAll('#board .canvas-layer, #masks .canvas-layer')].every((canvas) => {
    const box = canvas.getBoundingClientRect();
    return canvas.width > 0 && Math.abs(canvas.width - box.width * devicePixelRatio) <= 1
      && Math.abs(canvas.height - box.height * devicePixelRatio) <= 1;
  }), null, { polling: 'raf' });
}

/** The style sheet's colours `names` (custom properties, without their "--") as
 *  "rgb(r, g, b)", as they resolve inside the element `within` (a CSS selector). */
export function styleColours(page, names, within = 'body') {
  return page.locator(within).evaluate((element, all) => Object.fromEntries(all.map((name) => {
    const probe = document.createElement('div');
    probe.style.color = `var(--${name})`;
    element.append(probe);
    const rgb = getComputedStyle(probe).color;
    probe.remove();
    return [name, rgb];
  })), names);
}
