import { formatDate } from '@app/common';
import { loadPdfLib } from '../../lib/lazy-libs.ts';
import { PdfFonts } from '../../lib/pdf-fonts.ts';
import { type Institute, rupees } from './document-content.ts';
import { A4, GREY, LOGO_MAX_HEIGHT, LOGO_MAX_WIDTH, MARGIN, NAVY, Sheet } from './page-layout.ts';
import { amountInWords } from './tax.ts';

// The one layout every invoice document shares (render.ts fills it in): the institute, the recipient and
// the document's details, the lines, the totals with the total in words, and how it was paid.

export type Doc = {
  title: 'Tax Invoice' | 'Receipt' | 'Credit Note';
  numberLabel: string;
  number: string;
  date: Date;
  supplier: { name: string; address: string | null; gstin: string | null; pan: string | null; phone: string | null; email: string | null };
  recipient: { name: string; address: string | null; email: string; reg: string | null; state: string | null };
  extraMeta: [string, string][];
  lines: { description: string; sac: string | null; amountPaise: number }[];
  totals: [string, string][];
  totalLabel: string;
  totalPaise: number;
  payment: [string, string][];
  footer: string;
  logo: Institute['logo'];
};

export async function renderDocument(d: Doc): Promise<Buffer> {
  const { PDFDocument } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(`${d.title} ${d.number}`);
  doc.setProducer(d.supplier.name);
  const fonts = await PdfFonts.for(doc);
  const all = [
    d.title,
    d.number,
    d.supplier.name,
    d.supplier.address ?? '',
    d.recipient.name,
    d.recipient.address ?? '',
    d.recipient.email,
    ...d.extraMeta.flat(),
    ...d.lines.map((l) => l.description),
    ...d.totals.flat(),
    ...d.payment.flat(),
    d.footer,
  ];
  await fonts.prepare(all, 'regular');
  await fonts.prepare(all, 'bold');
  const s = new Sheet(doc.addPage(A4), fonts);
  const width = s.right - MARGIN;

  // The institute (its logo above its name), and the document's name on the right.
  if (d.logo) {
    const image = d.logo.type === 'png' ? await doc.embedPng(d.logo.data) : await doc.embedJpg(d.logo.data);
    const scale = Math.min(LOGO_MAX_HEIGHT / image.height, LOGO_MAX_WIDTH / image.width);
    const h = image.height * scale;
    const top = s.y;
    s.page.drawImage(image, { x: MARGIN, y: top - h, width: image.width * scale, height: h });
    s.y = top - 18;
    s.text(d.title, s.right - fonts.widthOf(d.title, 18, 'bold'), 18, { bold: true, color: NAVY });
    s.y = top - Math.max(h, 18) - 22;
  } else {
    s.y -= 8;
    s.text(d.title, s.right - fonts.widthOf(d.title, 18, 'bold'), 18, { bold: true, color: NAVY });
  }
  s.para(d.supplier.name, MARGIN, width * 0.6, 16, { bold: true, color: NAVY });
  s.y -= 16;
  if (d.supplier.address) {
    s.para(d.supplier.address, MARGIN, width * 0.6, 9.5);
    s.y -= 13;
  }
  const contact = [d.supplier.phone, d.supplier.email].filter(Boolean).join(' · ');
  if (contact) {
    s.text(contact, MARGIN, 9.5);
    s.y -= 13;
  }
  const tax = [d.supplier.gstin ? `GSTIN: ${d.supplier.gstin}` : '', d.supplier.pan ? `PAN: ${d.supplier.pan}` : '']
    .filter(Boolean)
    .join(' · ');
  if (tax) {
    s.text(tax, MARGIN, 9.5, { bold: true });
    s.y -= 13;
  }
  s.rule(2);

  // Who it is for (left) and the document's details (right).
  const top = s.y;
  const half = width / 2 - 12;
  s.text(d.title === 'Receipt' ? 'Received from' : 'Billed to', MARGIN, 9.5, { color: GREY });
  s.y -= 15;
  s.para(d.recipient.name, MARGIN, half, 11.5, { bold: true });
  s.y -= 14;
  if (d.recipient.address) {
    s.para(d.recipient.address, MARGIN, half, 9.5);
    s.y -= 13;
  }
  if (d.recipient.state) {
    s.text(`State: ${d.recipient.state}`, MARGIN, 9.5);
    s.y -= 13;
  }
  s.para(d.recipient.email, MARGIN, half, 9.5);
  s.y -= 13;
  if (d.recipient.reg) {
    s.text(`Registration no.: ${d.recipient.reg}`, MARGIN, 9.5);
    s.y -= 13;
  }
  const leftBottom = s.y;
  s.y = top;
  const metaX = MARGIN + width / 2 + 12;
  s.pairs([[d.numberLabel, d.number], ['Date', formatDate(d.date)], ...d.extraMeta], metaX, 95, half - 95);
  s.y = Math.min(s.y, leftBottom);
  s.rule(0);

  // The lines: description, SAC, amount.
  const sacX = MARGIN + width - 190;
  s.text('Description', MARGIN, 9.5, { bold: true, color: GREY });
  if (d.lines.some((l) => l.sac)) s.text('SAC', sacX, 9.5, { bold: true, color: GREY });
  s.textRight('Amount', s.right, 9.5, { bold: true, color: GREY });
  s.y -= 17;
  for (const l of d.lines) {
    const rowTop = s.y;
    s.para(l.description, MARGIN, sacX - MARGIN - 12, 10.5);
    const after = s.y;
    s.y = rowTop;
    if (l.sac) s.text(l.sac, sacX, 10.5);
    s.textRight(rupees(l.amountPaise), s.right, 10.5);
    s.y = after - 17;
  }
  s.rule(0);

  // Totals on the right, then the total in words.
  const labelX = MARGIN + width - 260;
  for (const [label, value] of d.totals) {
    s.text(label, labelX, 10);
    s.textRight(value, s.right, 10);
    s.y -= 16;
  }
  s.y -= 2;
  s.text(d.totalLabel, labelX, 12, { bold: true });
  s.textRight(rupees(d.totalPaise), s.right, 12, { bold: true });
  s.y -= 22;
  s.text('Amount in words', MARGIN, 9.5, { color: GREY });
  s.y -= 14;
  s.para(amountInWords(d.totalPaise), MARGIN, width, 10.5, { bold: true });
  s.rule(6);

  // How it was paid.
  s.pairs(d.payment, MARGIN, 120, width - 120);
  s.rule(0);
  s.para(d.footer, MARGIN, width, 8.5, { color: GREY });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
