import { PaymentResult } from './components/payment-result.tsx';

/** /payment/success?orderId=…: docs/product.md section 2 "Payment Successful page" (public). */
export default function PaymentSuccessPage() {
  return <PaymentResult page="success" />;
}
