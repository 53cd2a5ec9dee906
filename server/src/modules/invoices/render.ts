import { formatDate, formatDateTime } from '@app/common';
import { installmentLabel } from '@app/common/rules/fee-plans';
import { COUNTER_METHOD_LABELS } from '@app/common/schemas/collections';
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import type { payments } from '../../db/schema.ts';
import { PdfFonts } from '../../lib/pdf-fonts.ts';
import type { InvoiceRow } from './service.ts';
import { amountInWords, GST_STATES } from './tax.ts';

// The one-page A4 documents of a payment (docs/product-invoices.md): a tax invoice (GSTIN set when it
// completed), a receipt (no GSTIN: the same layout without tax lines) and a credit note. Noto fonts, so
// ₹ and names in Bengali or Devanagari print as written.

type PaymentRow = typeof payments.$inferSelect;

export type Institute = {
  name: string;
  address: string;
  phone: string;
  email: string | null;
  pan: string | null;
  /** The institute's logo, drawn at the top left (settings/logo.ts); absent or null: none. */
  logo?: { data: Buffer; type: 'png' | 'jpg' } | null;
};

/** The box the logo is scaled into, keeping its proportions. */
const LOGO_MAX_HEIGHT = 40;
const LOGO_MAX_WIDTH = 160;
export type Student = { firstName: string; lastName: string; email: string; reg: string | null; address: string | null };

const number = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** ₹ with Indian digit grouping: ₹12,34,567.50. */
export const rupees = (paise: number) => `₹${number.format(paise / 100)}`;
const percent = (rate: number) => `${Number(rate.toFixed(2))}%`;

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.38, 0.38, 0.38);
const NAVY = rgb(0.118, 0.165, 0.29);
const LINE = rgb(0.7, 0.7, 0.7);

/** What the payment was for and how it was paid, as the documents print them. */
export function describePayment(p: PaymentRow) {
  // 1st, 2nd, … (the plan's length is not on the payment, so never 'Final': common/src/rules/fee-plans.ts).
  const installment = p.installmentNumber == null ? undefined : installmentLabel(p.installmentNumber);
  const what = p.kind === 'installment' ? `Installment (${installment ?? p.installmentNumber ?? '-'})` : 'Course fee';
  const method = p.counterMethod
    ? `${COUNTER_METHOD_LABELS[p.counterMethod]} at the centre`
    : p.method === 'offline'
      ? 'Offline (verified by the institute)'
      : `Online (${p.gateway ?? 'gateway'})`;
  const reference = p.reference ?? p.transactionId ?? p.gatewayPaymentId ?? null;
  return { what, method, reference };
}

/** A page being written top to bottom. */
class Sheet {
  y: number;
  constructor(
    readonly page: PDFPage,
    readonly fonts: PdfFonts,
  ) {
    this.y = page.getHeight() - MARGIN;
  }
  get right() {
    return this.page.getWidth() - MARGIN;
  }
  text(t: string, x: number, size: number, opts: { bold?: boolean; color?: ReturnType<typeof rgb> } = {}) {
    return this.fonts.draw(this.page, t, { x, y: this.y, size, weight: opts.bold ? 'bold' : 'regular', color: opts.color ?? INK });
  }
  textRight(t: string, right: number, size: number, opts: { bold?: boolean; color?: ReturnType<typeof rgb> } = {}) {
    const w = this.fonts.widthOf(t, size, opts.bold ? 'bold' : 'regular');
    this.text(t, right - w, size, opts);
  }
  /** Wrapped text from x, at most `width` wide; moves down past it. */
  para(t: string, x: number, width: number, size: number, opts: { bold?: boolean; color?: ReturnType<typeof rgb> } = {}) {
    const lines = this.fonts.wrap(t, size, width, opts.bold ? 'bold' : 'regular');
    lines.forEach((line, i) => {
      if (i > 0) this.y -= size + 4;
      this.text(line, x, size, opts);
    });
    return lines.length;
  }
  rule(gapAbove = 10, gapBelow = 18) {
    this.y -= gapAbove;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: this.right, y: this.y }, thickness: 0.75, color: LINE });
    this.y -= gapBelow;
  }
  /** Label and value rows in two columns. */
  pairs(rows: [string, string][], x: number, labelWidth: number, valueWidth: number) {
    for (const [label, value] of rows) {
      this.text(label, x, 9.5, { color: GREY });
      this.para(value, x + labelWidth, valueWidth, 10.5, { bold: true });
      this.y -= 17;
    }
  }
}

type Doc = {
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

async function render(d: Doc): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${d.title} ${d.number}`);
  doc.setProducer(d.supplier.name);
  const fonts = PdfFonts.for(doc);
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

function paymentRows(p: PaymentRow): [string, string][] {
  const { method, reference } = describePayment(p);
  return [
    ['Payment method', method],
    ['Reference', reference ?? '-'],
    ['Order ID', p.orderId],
    ['Paid on', `${formatDateTime(p.receivedAt ?? p.paidAt ?? p.updatedAt)} IST`],
  ];
}

/** The tax lines of a document: CGST and SGST at half the rate each, or IGST at the rate. */
function taxRows(
  x: Pick<InvoiceRow, 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'gstRate'>,
  interState: boolean,
): [string, string][] {
  return [
    ['Taxable value', rupees(x.taxablePaise)],
    ...((interState
      ? [[`IGST @ ${percent(x.gstRate)}`, rupees(x.igstPaise)]]
      : [
          [`CGST @ ${percent(x.gstRate / 2)}`, rupees(x.cgstPaise)],
          [`SGST @ ${percent(x.gstRate / 2)}`, rupees(x.sgstPaise)],
        ]) as [string, string][]),
  ];
}

const isInterState = (x: InvoiceRow) => x.placeOfSupply !== x.supplier.stateCode;
const placeOfSupply = (code: string) => `${GST_STATES[code] ?? code} (${code})`;

/**
 * The PDF of a completed payment: its tax invoice when one was issued, otherwise a receipt (same layout,
 * no GSTIN and no tax lines). Discounts are shown as the fee less the discount, so the invoiced value is
 * what was paid.
 */
export function renderPaymentDocument(input: {
  payment: PaymentRow;
  receiptNumber: string;
  student: Student;
  institute: Institute;
  invoice: InvoiceRow | null;
}): Promise<Buffer> {
  const { payment: p, student, institute, invoice } = input;
  const { what } = describePayment(p);
  const description = `${p.courseName}: ${what}${p.discountPaise > 0 ? ` (fee ${rupees(p.feePaise)} less discount ${rupees(p.discountPaise)}${p.couponCode ? `, coupon ${p.couponCode}` : ''})` : ''}`;
  const name = `${student.firstName} ${student.lastName}`;
  if (invoice) {
    const inter = isInterState(invoice);
    return render({
      title: 'Tax Invoice',
      numberLabel: 'Invoice number',
      number: invoice.number,
      date: invoice.issuedAt,
      supplier: { ...invoice.supplier, pan: institute.pan, phone: institute.phone, email: institute.email },
      recipient: {
        name: invoice.recipient.name,
        address: invoice.recipient.address,
        email: student.email,
        reg: student.reg,
        state: invoice.recipient.state,
      },
      extraMeta: [
        ['Receipt number', input.receiptNumber],
        ['Place of supply', placeOfSupply(invoice.placeOfSupply)],
      ],
      lines: [{ description, sac: invoice.sac, amountPaise: invoice.taxablePaise }],
      totals: taxRows(invoice, inter),
      totalLabel: 'Total (GST included)',
      totalPaise: invoice.totalPaise,
      payment: paymentRows(p),
      logo: institute.logo,
      footer: `Supply of ${inter ? 'services to another state: IGST' : 'services within the state: CGST and SGST'} charged. No tax is payable on reverse charge. This is a computer-generated invoice and needs no signature.`,
    });
  }
  return render({
    title: 'Receipt',
    numberLabel: 'Receipt number',
    number: input.receiptNumber,
    date: p.receivedAt ?? p.paidAt ?? p.updatedAt,
    supplier: { name: institute.name, address: institute.address, gstin: null, pan: null, phone: institute.phone, email: institute.email },
    recipient: { name, address: student.address, email: student.email, reg: student.reg, state: null },
    extraMeta: [],
    lines: [{ description, sac: null, amountPaise: p.amountPaise }],
    totals: [],
    totalLabel: 'Amount received',
    totalPaise: p.amountPaise,
    payment: paymentRows(p),
    logo: institute.logo,
    footer: 'This is a computer-generated receipt and needs no signature.',
  });
}

/** A credit note: what was returned of an invoiced payment, with its GST, referring to the invoice. */
export function renderCreditNote(input: {
  note: InvoiceRow;
  invoice: InvoiceRow;
  payment: PaymentRow;
  student: Student;
  institute: Institute;
}) {
  const { note, invoice, payment: p, student, institute } = input;
  const inter = isInterState(note);
  const { what } = describePayment(p);
  return render({
    title: 'Credit Note',
    numberLabel: 'Credit note no.',
    number: note.number,
    date: note.issuedAt,
    supplier: { ...note.supplier, pan: institute.pan, phone: institute.phone, email: institute.email },
    recipient: {
      name: note.recipient.name,
      address: note.recipient.address,
      email: student.email,
      reg: student.reg,
      state: note.recipient.state,
    },
    extraMeta: [
      ['Against invoice', invoice.number],
      ['Invoice date', formatDate(invoice.issuedAt)],
      ['Place of supply', placeOfSupply(note.placeOfSupply)],
    ],
    lines: [{ description: `${p.courseName}: ${what}. ${note.reason ?? 'Refund'}`, sac: note.sac, amountPaise: note.taxablePaise }],
    totals: taxRows(note, inter),
    totalLabel: 'Total credited',
    totalPaise: note.totalPaise,
    payment: [
      ['Original payment', rupees(p.amountPaise)],
      ['Order ID', p.orderId],
    ],
    logo: institute.logo,
    footer:
      'This credit note reduces the value and the GST of the invoice it refers to. This is a computer-generated document and needs no signature.',
  });
}
