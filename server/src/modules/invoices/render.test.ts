import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { PdfFonts, scriptRuns } from '../../lib/pdf-fonts.ts';
import type { PaymentRow } from '../payments/dto.ts';
import { renderPaymentDocument } from './render.ts';

// The payment PDF on one A4 page: whatever the course name or e-mail, nothing runs off it; text is
// drawn in the font of its script.

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
  paidBy: 'student',
  paidByParentId: null,
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
const institute = {
  name: 'Law Coaching Institute',
  address: '12 Jessore Road, Kolkata 700028',
  phone: '+91 33 2550 1201',
  email: null,
  pan: null,
};

describe('the payment PDF', () => {
  it('wraps a long course name and a long e-mail within the page, every word kept, amounts with ₹', async () => {
    const pdf = await renderPaymentDocument({
      payment: row,
      receiptNumber: 'RCT-2026-000001',
      student: { firstName: 'Asha', lastName: 'Roy', email, reg: null, address: null },
      institute,
      invoice: null,
    });
    const lines = pdfText(pdf).split('\n');
    const nameLines = lines.filter((l) => /Word\d\d/.test(l));
    expect(nameLines.length).toBeGreaterThan(1);
    expect(nameLines.join(' ')).toBe(`${row.courseName}: Course fee`);
    const emailLines = lines.filter((l) => /^[ab@.examplco]+$/.test(l));
    expect(emailLines.join('')).toBe(email);
    const doc = await PDFDocument.create();
    const fonts = await PdfFonts.for(doc);
    await fonts.prepare([], 'regular');
    for (const l of emailLines) expect(fonts.widthOf(l, 9.5)).toBeLessThanOrEqual(595.28 / 2);
    expect(lines).toContain('₹12,34,567.50');
    expect(lines).toContain('Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Fifty Paise Only');
  });

  it('cuts text into runs by script; spaces and joiners stay with their run', () => {
    expect(scriptRuns('Asha রায় (Roy) शर्मा ₹5')).toEqual([
      { script: 'latin', text: 'Asha ' },
      { script: 'bengali', text: 'রায় ' },
      { script: 'latin', text: '(Roy) ' },
      { script: 'devanagari', text: 'शर्मा ' },
      { script: 'latin', text: '₹5' },
    ]);
    expect(scriptRuns(' ক্\u200dষ')).toEqual([{ script: 'bengali', text: ' ক্\u200dষ' }]);
  });
});
