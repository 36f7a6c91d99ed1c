import * as mupdf from 'mupdf';
import sharp from 'sharp';

/**
 * A scanned document as a scanner makes one: each page is only a greyscale picture of its lines of body text (13 pt,
 * 200 dpi on A4), wrapped as a PDF with no text layer.
 */
export async function makeScannedPdf(pages: string[][]): Promise<Buffer> {
  const doc = new mupdf.PDFDocument();
  const [w, h] = [1654, 2339];
  for (const lines of pages) {
    const text = lines
      .map(
        (line, i) =>
          `<text x="160" y="${300 + i * 70}" font-family="Noto Sans CJK SC" font-size="36">${line
            .replace(/&/g, '&amp;')
            .replace(/</g, '&lt;')}</text>`,
      )
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
    const png = await sharp(Buffer.from(svg)).grayscale().png().toBuffer();
    const image = doc.addImage(new mupdf.Image(png));
    const resources = doc.addObject({ XObject: { Im0: image } });
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, resources, 'q 595 0 0 842 0 0 cm /Im0 Do Q'));
  }
  const out = Buffer.from(doc.saveToBuffer('compress').asUint8Array());
  doc.destroy();
  return out;
}
