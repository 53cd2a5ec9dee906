import { INSTITUTE_NAME } from '@app/common/constants';
import { formatDay } from '@app/common';
import { COLLECTION_METHOD_LABELS, type Collections } from '@app/common/schemas/collections';
import { loadPdfLib } from '../../lib/lazy-libs.ts';
import { PdfFonts } from '../../lib/pdf-fonts.ts';

// The collection report as an A4 PDF for the office file: totals by centre and method, then every payment.

const number = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** ₹ with Indian digit grouping (the Noto fonts have the rupee sign, and students' names in Bengali or Devanagari). */
const money = (rupees: number) => `₹${number.format(rupees)}`;
type Weight = 'regular' | 'bold';
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

export async function renderCollectionsPdf(c: Collections, centreName: string | null): Promise<Buffer> {
  const { PDFDocument, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(`Collections ${c.from} to ${c.to}`);
  const fonts = await PdfFonts.for(doc);
  await fonts.prepare(
    [...c.payments.flatMap((p) => [p.student, p.centreName]), ...c.byCentre.map((g) => g.name), centreName ?? ''],
    'regular',
  );
  await fonts.prepare([], 'bold');
  const margin = 40;
  let page = doc.addPage([595.28, 841.89]);
  let y = page.getHeight() - margin;
  const line = (cols: [string, number][], weight: Weight = 'regular', size = 9) => {
    if (y < margin + 20) {
      page = doc.addPage([595.28, 841.89]);
      y = page.getHeight() - margin;
    }
    cols.forEach(([text, x], i) => {
      // A column's text is cut before the next column (or the page edge): whole characters, never half a conjunct.
      const parts = [...graphemes.segment(text.normalize('NFC'))].map((g) => g.segment);
      const width = (cols[i + 1]?.[1] ?? 521) - x - 6;
      while (parts.length > 1 && fonts.widthOf(parts.join(''), size, weight) > width) parts.pop();
      fonts.draw(page, parts.join(''), { x: margin + x, y, size, weight, color: rgb(0.1, 0.1, 0.1) });
    });
    y -= size + 6;
  };
  line([[`${INSTITUTE_NAME}: collections`, 0]], 'bold', 16);
  const period = c.from === c.to ? formatDay(c.from) : `${formatDay(c.from)} to ${formatDay(c.to)}`;
  line([[`${period} (IST) · ${centreName ?? 'All centres'}`, 0]], 'regular', 11);
  y -= 6;
  line([[`Total: ${money(c.total.amount)} in ${c.total.count} payment${c.total.count === 1 ? '' : 's'}`, 0]], 'bold', 11);
  // Money taken twice or beyond what was owed, flagged for refund (docs/product.md section 11).
  const flagged = c.toRefund.count > 0;
  if (flagged) {
    const n = c.toRefund.count;
    line(
      [[`To refund: ${money(c.toRefund.amount)} in ${n} payment${n === 1 ? '' : 's'} (paid twice or beyond what was owed)`, 0]],
      'bold',
      11,
    );
  }
  y -= 6;
  line(
    [
      ['By centre', 0],
      ['Payments', 250],
      ['Amount', 330],
    ],
    'bold',
  );
  for (const g of c.byCentre)
    line([
      [g.name, 0],
      [String(g.count), 250],
      [money(g.amount), 330],
    ]);
  y -= 6;
  line(
    [
      ['By method', 0],
      ['Payments', 250],
      ['Amount', 330],
    ],
    'bold',
  );
  for (const g of c.byMethod)
    line([
      [g.label, 0],
      [String(g.count), 250],
      [money(g.amount), 330],
    ]);
  y -= 10;
  // With money to refund the list has one column more, its own; otherwise the columns are as they always were.
  const x = flagged
    ? { receipt: 58, student: 140, centre: 245, method: 325, amount: 390, refund: 458 }
    : { receipt: 62, student: 150, centre: 270, method: 360, amount: 440, refund: 0 };
  const columns = (cols: [string, number][], refund: string): [string, number][] => (flagged ? [...cols, [refund, x.refund]] : cols);
  line(
    columns(
      [
        ['Date', 0],
        ['Receipt', x.receipt],
        ['Student', x.student],
        ['Centre', x.centre],
        ['Method', x.method],
        ['Amount', x.amount],
      ],
      'To refund',
    ),
    'bold',
  );
  for (const p of c.payments) {
    line(
      columns(
        [
          [p.date, 0],
          [p.receiptNumber ?? '-', x.receipt],
          [p.student, x.student],
          [p.centreName, x.centre],
          [COLLECTION_METHOD_LABELS[p.method] ?? p.method, x.method],
          [money(p.amount), x.amount],
        ],
        p.toRefund > 0 ? money(p.toRefund) : '',
      ),
    );
  }
  if (c.payments.length === 0) line([['No payments in this period.', 0]]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
