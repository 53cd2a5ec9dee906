import type { PDFPage } from '@cantoo/pdf-lib';
import { formatDateTime } from '@app/common';
import { MATERIAL_MAX_PAGES, MATERIAL_MSG } from '@app/common/schemas/materials';
import { badRequest } from '../../lib/errors.ts';
import { loadPdfLib } from '../../lib/lazy-libs.ts';
import { colour, PdfFonts } from '../../lib/pdf-fonts.ts';

// A study material's PDF: checked by its content when uploaded, stamped with its reader when downloaded
// (docs/product-materials.md, "Downloads"). Both run in a worker thread (server/src/worker.ts): the
// service hands them to `ctx.workers`.

const PDF_MAGIC = Buffer.from('%PDF-');

/**
 * A PDF by its content, never its name or the browser's word: it starts with `%PDF-`, pdf-lib reads it
 * (an encrypted one cannot be stamped, so it is refused too), it has at least one page and at most
 * MATERIAL_MAX_PAGES. Runs in a worker thread (the upload calls it through `ctx.workers`).
 */
export async function checkPdf(data: Buffer): Promise<{ pageCount: number }> {
  const refuse = (message: string) => badRequest(message, { file: message });
  if (data.length === 0) throw refuse(MATERIAL_MSG.fileEmpty);
  if (data.length < PDF_MAGIC.length || !data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw refuse(MATERIAL_MSG.notPdf);
  const { PDFDocument } = await loadPdfLib();
  let pageCount = 0;
  try {
    // Pages are read the way the stamp reads them: a document whose page tree is broken fails here.
    const doc = await PDFDocument.load(data, { updateMetadata: false, throwOnInvalidObject: false });
    pageCount = doc.getPages().length;
  } catch {
    throw refuse(MATERIAL_MSG.unreadablePdf);
  }
  if (pageCount === 0) throw refuse(MATERIAL_MSG.unreadablePdf);
  // Every download stamps every page: refused before the trial stamp below would spend the time.
  if (pageCount > MATERIAL_MAX_PAGES) throw refuse(MATERIAL_MSG.tooManyPages(pageCount));
  try {
    // Stamped once now, so that every later download can be.
    await stampPdf(data, 'check');
  } catch {
    throw refuse(MATERIAL_MSG.unreadablePdf);
  }
  return { pageCount };
}

/** WinAnsi (the standard fonts' encoding) of the sample PDF's fixed English text: anything else becomes '?'. */
const winAnsi = (text: string) => text.normalize('NFC').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
const STAMP_GREY = colour(0.35, 0.35, 0.35);

/** Who a copy is for: a student's name and registration number, or a member of staff's name. */
export type StampOwner = { name: string; registrationNumber: string | null; staff: boolean };

const numericDateFmt = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric' });
/** The day in India as en-IN writes it in figures: 25/11/2026. */
const numericDate = (at: Date) => numericDateFmt.format(at);

/** The line printed on every page: who downloaded the copy, and when (en-IN, IST). */
export function stampLine(owner: StampOwner, at: Date): string {
  const who = owner.staff ? `${owner.name} (staff copy)` : `${owner.name} (${owner.registrationNumber ?? 'no registration number'})`;
  return `Downloaded by ${who} on ${formatDateTime(at)} IST (${numericDate(at)}). For personal study only: do not share.`;
}

/**
 * The PDF with `line` along the bottom of every page as the reader sees it (turned pages included), in
 * the embedded Noto fonts so that a name in Bengali or Devanagari prints and copies as written.
 */
export async function stampPdf(data: Buffer, line: string): Promise<Uint8Array> {
  const lib = await loadPdfLib();
  const doc = await lib.PDFDocument.load(data, { updateMetadata: false, throwOnInvalidObject: false });
  const fonts = await PdfFonts.for(doc);
  await fonts.prepare([line]);
  const unitWidth = fonts.widthOf(line, 1);
  const margin = 12;
  const draw = (at: { x: number; y: number; width: number; rotate: number }, page: PDFPage) => {
    // As large as fits the edge, between 4 and 8 points.
    const size = Math.max(4, Math.min(8, (at.width / unitWidth) * 0.98));
    fonts.draw(page, line, { x: at.x, y: at.y, size, color: STAMP_GREY, opacity: 0.9, rotate: at.rotate });
  };
  for (const page of doc.getPages()) {
    const box = page.getCropBox();
    const rotation = ((page.getRotation().angle % 360) + 360) % 360;
    // The text runs along what the reader sees as the bottom edge, whatever /Rotate the page has.
    if (rotation === 90) draw({ x: box.x + box.width - margin, y: box.y + margin, width: box.height - 2 * margin, rotate: 90 }, page);
    else if (rotation === 180)
      draw({ x: box.x + box.width - margin, y: box.y + box.height - margin, width: box.width - 2 * margin, rotate: 180 }, page);
    else if (rotation === 270)
      draw({ x: box.x + margin, y: box.y + box.height - margin, width: box.height - 2 * margin, rotate: 270 }, page);
    else draw({ x: box.x + margin, y: box.y + margin / 2 + 2, width: box.width - 2 * margin, rotate: 0 }, page);
  }
  return doc.save();
}

/** A small real PDF: the demo material of the seed and the tests' uploads. */
export async function samplePdf(title: string, pages: string[][]): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  for (const [i, lines] of pages.entries()) {
    const page = doc.addPage([595.28, 841.89]);
    let y = page.getHeight() - 60;
    page.drawText(winAnsi(title), { x: 50, y, size: 16, font: bold });
    y -= 30;
    for (const text of lines) {
      page.drawText(winAnsi(text), { x: 50, y, size: 11, font: regular, maxWidth: 495, lineHeight: 14 });
      y -= 18;
    }
    page.drawText(`Page ${i + 1} of ${pages.length}`, { x: 50, y: 30, size: 9, font: regular });
  }
  return Buffer.from(await doc.save());
}
