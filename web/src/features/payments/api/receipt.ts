import { downloadFile } from '../../../lib/api-client.ts';

/** GET /api/payments/{id}/receipt: the PDF, saved under the server's file name. */
export const downloadReceipt = (paymentId: string): Promise<void> =>
  downloadFile(`/api/payments/${encodeURIComponent(paymentId)}/receipt`, {
    fallbackName: 'receipt.pdf',
    failure: 'Could not download the receipt. Please try again.',
  });
