// Export: the page carried out of the browser. The board as PNG or SVG, the solutions as JSON
// or text, an animation (GIF or MP4) of a range of steps, the link as a QR code, and the
// printed worksheet. Loaded on demand (main.js): the first press of one of its buttons fetches
// the folder. Other folders use only these names:
//   installExports, installAnimationExport, installQrLink, installWorksheet

export { installExports } from './export.js';
export { installAnimationExport } from './animation-export.js';
export { installQrLink } from './qr-link.js';
export { installWorksheet } from './worksheet.js';
