// A canvas laid over an element (stage/stage.css: .canvas-layer fills its positioned parent and
// lets clicks through), kept at the element's size in device pixels so that it stays sharp
// at any zoom, and drawn again when the page's colours change (palette.js). The views that
// change on every frame draw on one instead of restyling dozens of elements: the board and
// the bit rows.

import { redrawOnPaletteChange } from './palette.js';

export class CanvasLayer {
  /**
   * @param {Function} paint called as paint(context, width, height, scale) (the size in device
   *   pixels, and device pixels per CSS pixel) by draw(): after every resize, after a change
   *   of colours, and when the view asks; never while the canvas has no size (its panel
   *   hidden)
   * @param {Function} measure called after each resize, before drawing: where a view reads
   *   the sizes it draws with from the style sheet (layout is clean then)
   */
  constructor(paint, measure = () => {}) {
    this.paint = paint;
    this.measure = measure;
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'canvas-layer';
    this.canvas.setAttribute('aria-hidden', 'true');
    this.canvas.width = 0;
    this.canvas.height = 0;
    this.scale = 1;
    this.context = this.canvas.getContext('2d');
    redrawOnPaletteChange(this);
    // A context the browser dropped (memory pressure, a GPU reset) comes back blank and with
    // its settings reset: measured and drawn whole again.
    this.canvas.addEventListener('contextrestored', () => {
      this.measure();
      this.draw();
    });
    const observer = new ResizeObserver(([entry]) => this.resized(entry));
    try {
      observer.observe(this.canvas, { box: 'device-pixel-content-box' });
    } catch {
      observer.observe(this.canvas); // a browser without device-pixel boxes: CSS pixels × ratio
    }
  }

  resized(entry) {
    // CSS pixels from contentRect, which every browser with ResizeObserver gives.
    const [cssWidth, cssHeight] = [entry.contentRect.width, entry.contentRect.height];
    const device = entry.devicePixelContentBoxSize?.[0];
    const ratio = window.devicePixelRatio || 1;
    const [width, height] = device ? [device.inlineSize, device.blockSize]
      : [Math.round(cssWidth * ratio), Math.round(cssHeight * ratio)];
    if (cssWidth > 0) this.scale = width / cssWidth;
    this.measure();
    if (width === this.canvas.width && height === this.canvas.height) return;
    this.canvas.width = width;
    this.canvas.height = height;
    this.draw();
  }

  /** Draws with `paint` (called as the constructor's is) over what is drawn already: a view
   *  that redraws only what changed. */
  drawOver(paint) {
    const { width, height } = this.canvas;
    if (width === 0 || height === 0) return;
    paint(this.context, width, height, this.scale);
  }

  /** Draws again (the canvas is cleared first). */
  draw() {
    const { width, height } = this.canvas;
    if (width === 0 || height === 0) return;
    this.context.clearRect(0, 0, width, height);
    this.paint(this.context, width, height, this.scale);
  }
}
