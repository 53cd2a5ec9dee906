import { downloadFile } from '../../../lib/api-client.ts';

/** GET /api/payments/{id}/receipt: the PDF, saved under the server's file name. */
export const downloadReceipt = (paymentId: string): Promise<void> =>
  downloadFile(`/api/payments/${encodeURIComponent(paymentId)}/receipt`, {
    fallbackName: 'receipt.pdf',
    failure: 'Could not download the receipt. Please try again.',
  });

/** GET /api/payments/{id}/credit-notes/{noteId}: a credit note's PDF (docs/product-invoices.md). */
export const downloadCreditNote = (paymentId: string, noteId: string): Promise<void> =>
  downloadFile(`/api/payments/${encodeURIComponent(paymentId)}/credit-notes/${encodeURIComponent(noteId)}`, {
    fallbackName: 'credit-note.pdf',
    failure: 'Could not download the credit note. Please try again.',
  });
