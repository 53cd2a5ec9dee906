import type { Config } from '../../../config.ts';

/**
 * What the Content-Security-Policy must allow for the selected gateway: Razorpay Checkout loads its
 * script and frame from Razorpay; a hosted payment page is reached by a form post to the gateway.
 * The sandbox is this app itself, so it needs nothing.
 */
export function gatewayCspSources(config: Config): { scriptSrc: string[]; frameSrc: string[]; connectSrc: string[]; formAction: string[] } {
  const origin = (url: string) => new URL(url).origin;
  if (config.PAYMENT_GATEWAY === 'razorpay') {
    const api = origin(config.RAZORPAY_API_URL);
    return {
      scriptSrc: ['https://checkout.razorpay.com'],
      frameSrc: [api, 'https://checkout.razorpay.com'],
      connectSrc: [api, 'https://lumberjack.razorpay.com'],
      formAction: [api],
    };
  }
  if (config.PAYMENT_GATEWAY === 'paytm')
    return { scriptSrc: [], frameSrc: [], connectSrc: [], formAction: [origin(config.PAYTM_API_URL)] };
  return { scriptSrc: [], frameSrc: [], connectSrc: [], formAction: [] };
}
