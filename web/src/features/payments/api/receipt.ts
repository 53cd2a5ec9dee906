import { ApiError } from '../../../app/api-client.ts';
import { tokenStore } from '../../../app/token-store.ts';

const RECEIPT_ERROR = 'Could not download the receipt. Please try again.';

/** The file name the server gives in content-disposition, else receipt.pdf. */
function fileNameOf(res: Response): string {
  const match = /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'receipt.pdf';
}

/**
 * GET /api/payments/{id}/receipt: a PDF, so it cannot go through the JSON client; it adds the bearer
 * token itself and saves the answer under the server's file name.
 */
export async function downloadReceipt(paymentId: string): Promise<void> {
  const token = tokenStore.get();
  let res: Response;
  try {
    res = await fetch(`/api/payments/${encodeURIComponent(paymentId)}/receipt`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new ApiError(0, RECEIPT_ERROR, 'NETWORK');
  }
  if (res.status === 401) {
    tokenStore.clear();
    window.location.assign('/login');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, body?.message ?? RECEIPT_ERROR);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
