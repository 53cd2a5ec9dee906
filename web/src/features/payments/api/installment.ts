import type { InitiateInstallmentAnswer, InitiateInstallmentBody } from '@app/common/schemas/payments';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/payments/paytm/initiate: a pending installment payment and the form to post to the gateway. */
export const useInitiateInstallment = () =>
  useMutation({
    mutationFn: (body: InitiateInstallmentBody) => api<InitiateInstallmentAnswer>('/api/payments/paytm/initiate', { method: 'POST', body }),
  });

/**
 * docs/product.md section 4 "Course payment": the browser goes to the gateway by a posted form. A real form
 * with hidden inputs, submitted programmatically, so the gateway receives an ordinary form post.
 */
export function postToGateway(paymentUrl: string, params: Record<string, string>) {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = paymentUrl;
  form.hidden = true;
  for (const [name, value] of Object.entries(params)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
