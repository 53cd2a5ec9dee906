import { can } from '@app/common/permissions';
import { paymentsIn } from './scope.ts';
import { and, eq } from 'drizzle-orm';
import { formatDateTime, INSTALLMENT_OPTIONS } from '@app/common';
import { COUNTER_METHOD_LABELS } from '@app/common/schemas/collections';
import { PAYMENT_MSG } from '@app/common/schemas/payments';
import type { Actor, Ctx } from '../../context.ts';
import { payments, users } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { paymentExists } from './service.ts';
import type { PaymentRow } from './dto.ts';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

// GET /api/payments/{id}/receipt: the owner's completed payment as a one-page PDF receipt.

const INSTITUTE = 'Law Coaching Institute';
const number = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Helvetica has no rupee sign, so amounts read "INR 25,000.00". */
const money = (paise: number) => `INR ${number.format(paise / 100)}`;

export async function findReceipt(ctx: Ctx, actor: Actor, id: string) {
  // Staff who see payments read those of their scope; anyone else only their own (docs/product-staff.md).
  const owner = can(actor.role, 'payments.view') ? paymentsIn(actor.centres) : eq(payments.studentId, actor.id);
  const [r] = await ctx.db
    .select({ p: payments, u: { firstName: users.firstName, lastName: users.lastName, email: users.email, reg: users.registrationNumber } })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.studentId))
    .where(and(eq(payments.id, id), owner))
    .limit(1);
  if (!r) {
    // Another student's receipt is "not yours": 403 (docs/product.md section 7); only a missing one is 404.
    if (owner && (await paymentExists(ctx, eq(payments.id, id)))) throw forbidden();
    throw notFound(PAYMENT_MSG.notFound);
  }
  if (r.p.status !== 'completed' || !r.p.receiptNumber) throw conflict(PAYMENT_MSG.receiptOnlyCompleted);
  const receiptNumber = r.p.receiptNumber;
  return { receiptNumber, filename: `receipt-${receiptNumber}.pdf`, pdf: await renderReceipt(r.p, { ...r.u, receiptNumber }) };
}

type Who = { firstName: string; lastName: string; email: string; reg: string | null; receiptNumber: string };

/** WinAnsi (the standard fonts' encoding) cannot show every character a name may hold; those become '?'. */
const winAnsi = (text: string) => text.normalize('NFC').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

type Font = Awaited<ReturnType<PDFDocument['embedFont']>>;

/**
 * `text` in lines no wider than `width`: broken at spaces, and a word too long for one line (an
 * e-mail address) broken where it must. A course name may have 200 characters; none is cut off.
 */
export function wrapText(text: string, font: Font, size: number, width: number): string[] {
  const fits = (t: string) => font.widthOfTextAtSize(t, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const ch of word) {
      if (line && !fits(line + ch)) {
        lines.push(line);
        line = '';
      }
      line += ch;
    }
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/** One A4 page: header, who paid, what for, how much. pdf-lib writes the PDF. */
export async function renderReceipt(p: PaymentRow, who: Who): Promise<Buffer> {
  const installment = INSTALLMENT_OPTIONS.find((o) => o.value === p.installmentNumber)?.label;
  const what = p.kind === 'installment' ? `Installment (${installment ?? p.installmentNumber})` : 'Course fee';
  const method = p.counterMethod
    ? `${COUNTER_METHOD_LABELS[p.counterMethod]} at the centre${p.reference ? ` (ref. ${p.reference})` : ''}`
    : p.method === 'offline'
      ? 'Offline (verified by the institute)'
      : `Online (${p.gateway ?? 'gateway'})`;
  const sections: [string, string][][] = [
    [
      ['Receipt number', who.receiptNumber],
      ['Date', `${formatDateTime(p.paidAt ?? p.updatedAt)} IST`],
      ['Student', `${who.firstName} ${who.lastName}`],
      ['Email', who.email],
      ...(who.reg ? ([['Registration no.', who.reg]] as [string, string][]) : []),
    ],
    [
      ['Course', p.courseName],
      ['For', what],
      ['Order ID', p.orderId],
      ['Transaction ID', p.transactionId ?? '-'],
      ['Payment method', method],
    ],
    [
      ['Fee', money(p.feePaise)],
      ...(p.discountPaise > 0
        ? ([[`Discount${p.couponCode ? ` (${p.couponCode})` : ''}`, `- ${money(p.discountPaise)}`]] as [string, string][])
        : []),
      ['Amount paid', money(p.amountPaise)],
      ['Status', 'Paid'],
    ],
  ];

  const doc = await PDFDocument.create();
  doc.setTitle(`Receipt ${who.receiptNumber}`);
  doc.setProducer(INSTITUTE);
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const margin = 56;
  const navy = rgb(0.118, 0.165, 0.29);
  let y = page.getHeight() - margin;
  const text = (t: string, x: number, size: number, font = regular, color = rgb(0.1, 0.1, 0.1)) =>
    page.drawText(winAnsi(t), { x, y, size, font, color });
  const rule = () => {
    y -= 12;
    page.drawLine({ start: { x: margin, y }, end: { x: page.getWidth() - margin, y }, thickness: 0.75, color: rgb(0.6, 0.6, 0.6) });
    y -= 20;
  };

  y -= 20;
  text(INSTITUTE, margin, 20, bold, navy);
  y -= 22;
  text('Payment Receipt', margin, 14);
  rule();
  const valueX = margin + 150;
  const valueWidth = page.getWidth() - margin - valueX;
  for (const section of sections) {
    for (const [label, value] of section) {
      text(label, margin, 10, regular, rgb(0.35, 0.35, 0.35));
      wrapText(winAnsi(value), bold, 11, valueWidth).forEach((line, i) => {
        if (i > 0) y -= 14;
        text(line, valueX, 11, bold);
      });
      y -= 20;
    }
    rule();
  }
  text('This is a computer-generated receipt and needs no signature.', margin, 9, regular, rgb(0.35, 0.35, 0.35));
  return Buffer.from(await doc.save());
}
