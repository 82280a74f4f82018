// The text of each page of a PDF, read with pdf.js (pdfjs-dist, from npm): what a person
// would read on the printed page.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Resolves to one string per page, its text items joined by spaces. */
export async function pdfPages(bytes) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => item.str).join(' ').replace(/\s+/g, ' '));
  }
  await pdf.destroy();
  return pages;
}
