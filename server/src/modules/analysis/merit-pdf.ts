import { formatDateTime } from '@app/common';
import type { MeritList } from '@app/common/schemas/analysis';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { loadPdfLib } from '../../lib/lazy-libs.ts';

const INSTITUTE = 'Law Coaching Institute';
/** WinAnsi (the standard fonts' encoding) cannot show every character a name may hold; those become '?'. */
const winAnsi = (text: string) => text.normalize('NFC').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** Cuts a cell to its column's width, ending in "..." when cut. */
function fit(text: string, font: PDFFont, size: number, width: number) {
  const t = winAnsi(text);
  if (font.widthOfTextAtSize(t, size) <= width) return t;
  let cut = t;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
  return `${cut}...`;
}

/** The merit list on landscape A4 pages, the header row repeated on each page. pdf-lib writes the PDF. */
export async function renderMeritList(list: MeritList): Promise<Buffer> {
  const { PDFDocument, rgb, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(`Merit list: ${winAnsi(list.exam.title)}`);
  doc.setProducer(INSTITUTE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = [841.89, 595.28];
  const margin = 36;
  const sectionTitles = list.rows[0]?.sections.map((s) => s.title) ?? [];
  const fixed: [string, number][] = [
    ['Rank', 40],
    ['Name', 150],
    ['Reg. no.', 90],
    ['Centre', 90],
    ['Marks', 50],
    ['Percentile', 60],
  ];
  const left = width - 2 * margin - fixed.reduce((s, [, w]) => s + w, 0);
  const sectionWidth = sectionTitles.length ? Math.max(40, left / sectionTitles.length) : 0;
  const columns: [string, number][] = [...fixed, ...sectionTitles.map((t): [string, number] => [t, sectionWidth])];
  const size = 8;
  const rowHeight = 13;
  let page: PDFPage = doc.addPage([width, height]);
  let y = 0;
  const drawRow = (cells: string[], font: PDFFont) => {
    let x = margin;
    cells.forEach((c, i) => {
      page.drawText(fit(c, font, size, columns[i][1] - 4), { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      x += columns[i][1];
    });
    y -= rowHeight;
  };
  const startPage = (first: boolean) => {
    if (!first) page = doc.addPage([width, height]);
    y = height - margin;
    if (first) {
      page.drawText(INSTITUTE, { x: margin, y, size: 14, font: bold, color: rgb(0.118, 0.165, 0.29) });
      y -= 18;
      page.drawText(fit(`Merit list: ${list.exam.title}`, regular, 11, width - 2 * margin), { x: margin, y, size: 11, font: regular });
      y -= 14;
      page.drawText(`${list.candidates} candidates, out of ${list.exam.totalMarks} marks. Printed ${formatDateTime(new Date())} IST`, {
        x: margin,
        y,
        size: 9,
        font: regular,
        color: rgb(0.35, 0.35, 0.35),
      });
      y -= 20;
    }
    drawRow(
      columns.map(([t]) => t),
      bold,
    );
  };
  startPage(true);
  for (const r of list.rows) {
    if (y < margin) startPage(false);
    drawRow(
      [
        String(r.rank),
        r.name,
        r.registrationNumber ?? '',
        r.centre ?? '',
        r.marksObtained.toFixed(2),
        r.percentile.toFixed(2),
        ...r.sections.map((s) => s.score.toFixed(2)),
      ],
      regular,
    );
  }
  if (list.rows.length === 0) page.drawText('No candidates.', { x: margin, y, size: 10, font: regular });
  return Buffer.from(await doc.save());
}
