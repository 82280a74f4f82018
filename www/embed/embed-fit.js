// Fits the embed's figure (the board and its bit rows) to its frame: laid out side by side
// (each row's name above its digits, or beside them) or one above the other, whichever shows
// it larger, then scaled (down for a small frame or a
// large board, up to MAX_SCALE for a large one) and centred. The figure keeps its own size in
// the layout (a transform does not change it); its area clips it, so no scroll bar appears.

const MAX_SCALE = 2.5;

/** Fits `figure` into `area` now; returns the scale chosen. */
export function fitFigure(area, figure) {
  figure.style.transform = 'none';
  let best = null;
  for (const layout of ['row', 'beside', 'column']) {
    figure.dataset.layout = layout;
    const width = figure.offsetWidth;
    const height = figure.offsetHeight;
    if (!width || !height) continue; // hidden, or not laid out yet
    const scale = Math.min(area.clientWidth / width, area.clientHeight / height, MAX_SCALE);
    if (!best || scale > best.scale) best = { layout, scale, width, height };
  }
  if (!best) return 1;
  figure.dataset.layout = best.layout;
  const left = Math.max(0, (area.clientWidth - best.width * best.scale) / 2);
  const top = Math.max(0, (area.clientHeight - best.height * best.scale) / 2);
  figure.style.transform = `translate(${left}px, ${top}px) scale(${best.scale})`;
  return best.scale;
}

/** Keeps `figure` fitted to `area` whenever either changes size. */
export function keepFitted(area, figure) {
  let queued = false;
  const refit = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fitFigure(area, figure); });
  };
  const observer = new ResizeObserver(refit);
  observer.observe(area);
  observer.observe(figure);
  return refit;
}
