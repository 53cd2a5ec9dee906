import { formatDate, formatDateTime } from '@app/common';
import { type Institute, type PaymentRow, percent, rupees, type Student, describePayment } from './document-content.ts';
import { renderDocument } from './draw-document.ts';
import type { InvoiceRow } from './service.ts';
import { GST_STATES } from './tax.ts';

// The one-page A4 documents of a payment (docs/product-invoices.md): a tax invoice (GSTIN set when it
// completed), a receipt (no GSTIN: the same layout without tax lines) and a credit note. Noto fonts, so
// ₹ and names in Bengali or Devanagari print as written.

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
    return renderDocument({
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
  return renderDocument({
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
  return renderDocument({
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
