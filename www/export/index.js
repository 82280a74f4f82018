// Export: the board as PNG or SVG, the solutions as JSON or text, an animation (GIF or MP4)
// of a range of steps, and the link as a QR code. Other folders use only these names:
//   installExports, download, boardSvg, installAnimationExport, installQrLink

export { installExports, download, boardSvg } from './export.js';
export { installAnimationExport } from './animation-export.js';
export { installQrLink } from './qr-link.js';
