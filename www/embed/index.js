// The embed page (embed.html, whose root is embed.js) and, for the main page, the Embed
// dialog that writes its <iframe>. Other folders use only this name:
//   EmbedDialog

export { EmbedDialog } from './embed-dialog.js';
