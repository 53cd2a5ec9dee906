import { PaymentResult } from './components/payment-result.tsx';

/** /payment/failed?orderId=…&error=…: docs/product.md section 2 "Payment Failed page" (public). */
export default function PaymentFailedPage() {
  return <PaymentResult page="failed" />;
}
