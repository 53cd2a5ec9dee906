import { INSTITUTE_NAME as INSTITUTE } from '@app/common/constants';
import { formatDateTime } from '@app/common';
import type { MeritList } from '@app/common/schemas/analysis';
import type { PDFPage } from '@cantoo/pdf-lib';
import { loadPdfLib } from '../../lib/lazy-libs.ts';
import { colour, PdfFonts } from '../../lib/pdf-fonts.ts';

// The merit list on landscape A4 pages (docs/product-results.md, "Merit list"): every text in the
// embedded Noto fonts, so names in Bengali or Devanagari print as written; a heading, a name or a
// centre too long for its column wraps within it (never cut), and the heading row repeats on each page.

const [WIDTH, HEIGHT] = [841.89, 595.28];
const MARGIN = 36;
const FOOTER = 16;
const PAD = 3;
const INK = colour(0.1, 0.1, 0.1);
const GREY = colour(0.35, 0.35, 0.35);
const NAVY = colour(0.118, 0.165, 0.29);
const RULE = colour(0.75, 0.75, 0.75);
const HEAD_FILL = colour(0.93, 0.94, 0.96);

type Weight = 'regular' | 'bold';
type Column = { title: string; width: number; isNumber: boolean };

/** The columns at their natural widths, narrowed together when many sections would run off the page. */
function layout(sectionTitles: string[]): { columns: Column[]; scale: number } {
  const fixed: Column[] = [
    { title: 'Rank', width: 34, isNumber: true },
    { title: 'Name', width: 150, isNumber: false },
    { title: 'Reg. no.', width: 92, isNumber: false },
    { title: 'Centre', width: 104, isNumber: false },
    { title: 'Marks', width: 46, isNumber: true },
    { title: 'Percentile', width: 54, isNumber: true },
  ];
  const room = WIDTH - 2 * MARGIN;
  const left = room - fixed.reduce((s, c) => s + c.width, 0);
  const sectionWidth = sectionTitles.length ? Math.max(48, left / sectionTitles.length) : 0;
  const natural = [...fixed, ...sectionTitles.map((title) => ({ title, width: sectionWidth, isNumber: true }))];
  const scale = Math.min(1, room / natural.reduce((s, c) => s + c.width, 0));
  return { columns: natural.map((c) => ({ ...c, width: c.width * scale })), scale };
}

export async function renderMeritList(list: MeritList): Promise<Buffer> {
  const { PDFDocument } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(`Merit list: ${list.exam.title}`);
  doc.setProducer(INSTITUTE);
  const fonts = await PdfFonts.for(doc);
  const sectionTitles = list.rows[0]?.sections.map((s) => s.title) ?? [];
  const { columns, scale } = layout(sectionTitles);
  const cellsOf = (r: MeritList['rows'][number]) => [
    String(r.rank),
    r.name,
    r.registrationNumber ?? '',
    r.centre ?? '',
    r.marksObtained.toFixed(2),
    r.percentile.toFixed(2),
    ...r.sections.map((s) => s.score.toFixed(2)),
  ];
  const texts = [list.exam.title, ...sectionTitles, ...list.rows.flatMap(cellsOf)];
  await fonts.prepare(texts, 'regular');
  await fonts.prepare([INSTITUTE, ...columns.map((c) => c.title)], 'bold');

  const size = Math.max(6, 8 * scale);
  const lineHeight = size + 2.5;
  let page: PDFPage = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;

  /** Cells wrapped in their columns, and the height of the row they make. */
  const wrapRow = (cells: string[], weight: Weight) => {
    const lines = cells.map((c, i) => fonts.wrap(c, size, columns[i].width - 2 * PAD, weight));
    return { lines, weight, height: Math.max(...lines.map((l) => l.length)) * lineHeight + 2 * PAD };
  };
  const drawRow = ({ lines, weight, height }: ReturnType<typeof wrapRow>) => {
    if (weight === 'bold') page.drawRectangle({ x: MARGIN, y: y - height, width: WIDTH - 2 * MARGIN, height, color: HEAD_FILL });
    let x = MARGIN;
    lines.forEach((cell, i) => {
      const c = columns[i];
      cell.forEach((line, n) => {
        const lineX = c.isNumber ? x + c.width - PAD - fonts.widthOf(line, size, weight) : x + PAD;
        fonts.draw(page, line, { x: lineX, y: y - PAD - size - n * lineHeight + 1, size, weight, color: INK });
      });
      x += c.width;
    });
    y -= height;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.5, color: RULE });
  };
  const headingRow = wrapRow(
    columns.map((c) => c.title),
    'bold',
  );

  fonts.draw(page, INSTITUTE, { x: MARGIN, y: y - 14, size: 14, weight: 'bold', color: NAVY });
  y -= 32;
  for (const line of fonts.wrap(`Merit list: ${list.exam.title}`, 11, WIDTH - 2 * MARGIN)) {
    fonts.draw(page, line, { x: MARGIN, y, size: 11 });
    y -= 14;
  }
  const printed = `${list.candidates} candidates, out of ${list.exam.totalMarks} marks. Printed ${formatDateTime(new Date())} IST`;
  fonts.draw(page, printed, { x: MARGIN, y, size: 9, color: GREY });
  y -= 14;
  drawRow(headingRow);
  for (const r of list.rows) {
    const row = wrapRow(cellsOf(r), 'regular');
    if (y - row.height < MARGIN + FOOTER) {
      page = doc.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
      drawRow(headingRow);
    }
    drawRow(row);
  }
  if (list.rows.length === 0) fonts.draw(page, 'No candidates.', { x: MARGIN, y: y - 16, size: 10 });

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const footer = `Page ${i + 1} of ${pages.length}`;
    fonts.draw(p, footer, { x: WIDTH - MARGIN - fonts.widthOf(footer, 8), y: MARGIN - 4, size: 8, color: GREY });
  });
  return Buffer.from(await doc.save());
}
