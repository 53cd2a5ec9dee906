import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import type { PaymentRow } from './dto.ts';
import { renderReceipt, wrapText } from './receipts.ts';

// The PDF receipt draws on one A4 page; whatever the course name or e-mail, nothing runs off it.

const A4_WIDTH = 595.28;
const VALUE_WIDTH = A4_WIDTH - 56 - (56 + 150);

const row: PaymentRow = {
  id: 'p1',
  studentId: 's1',
  courseId: 'c1',
  courseName: Array.from({ length: 25 }, (_, i) => `Word${String(i).padStart(2, '0')}`).join(' '),
  admissionId: null,
  kind: 'fee',
  amountPaise: 1_234_567_50,
  feePaise: 1_234_567_50,
  discountPaise: 0,
  couponCode: null,
  currency: 'INR',
  status: 'completed',
  method: 'gateway',
  gateway: 'sandbox',
  orderId: 'ORD_1_ABC',
  gatewayOrderId: 'ORD_1_ABC',
  gatewayPaymentId: 'pay_SBX1',
  transactionId: 'pay_SBX1',
  installmentNumber: null,
  receiptNumber: 'RCT-2026-000001',
  responseMessage: null,
  counterMethod: null,
  reference: null,
  centreId: null,
  receivedAt: null,
  paidAt: new Date('2026-01-11T06:00:00Z'),
  refundId: null,
  refundedAt: null,
  refundedPaise: 0,
  createdAt: new Date('2026-01-11T06:00:00Z'),
  updatedAt: new Date('2026-01-11T06:00:00Z'),
};
const email = `${'a'.repeat(60)}@${'b'.repeat(60)}.example.com`;

async function boldFont() {
  return (await PDFDocument.create()).embedFont(StandardFonts.HelveticaBold);
}

describe('receipt layout', () => {
  it('a long course name and a long e-mail wrap within the page, every word kept', async () => {
    const pdf = await renderReceipt(row, { firstName: 'Asha', lastName: 'Roy', email, reg: null, receiptNumber: 'RCT-2026-000001' });
    const lines = pdfText(pdf).split('\n');
    const bold = await boldFont();

    const nameLines = lines.filter((l) => /Word\d\d/.test(l));
    expect(nameLines.length).toBeGreaterThan(1);
    expect(nameLines.join(' ')).toBe(row.courseName);
    const emailLines = lines.filter((l) => /^[ab@]/.test(l) && /^[ab@.examplco]+$/.test(l));
    expect(emailLines.join('')).toBe(email);
    for (const l of [...nameLines, ...emailLines]) expect(bold.widthOfTextAtSize(l, 11)).toBeLessThanOrEqual(VALUE_WIDTH);

    expect(lines).toContain('INR 12,34,567.50');
  });

  it('wrapText keeps short text on one line', async () => {
    const bold = await boldFont();
    expect(wrapText('CLAT Preparation', bold, 11, VALUE_WIDTH)).toEqual(['CLAT Preparation']);
    expect(wrapText('', bold, 11, VALUE_WIDTH)).toEqual(['']);
  });
});
