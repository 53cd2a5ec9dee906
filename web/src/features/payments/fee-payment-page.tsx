import { formatINR } from '@app/common/rules/money';
import { type CouponValidateAnswer, type CourseFee, PAYMENT_MSG } from '@app/common/schemas/payments';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { buttonClass, FormAlert } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useCourseFees } from './api/course-fees.ts';
import { useValidateCoupon } from './api/fee-payment.ts';
import { CouponBox, type CouponMessage } from './components/coupon-box.tsx';
import { CoursePicker } from './components/course-picker.tsx';
import { type FeeMethod, MethodPicker } from './components/method-picker.tsx';
import { OrderSummary } from './components/order-summary.tsx';
import { PaymentHistory } from './components/payment-history.tsx';
import { SandboxCheckoutDialog } from './components/sandbox-checkout-dialog.tsx';
import { useFeeCheckout } from './hooks/use-fee-checkout.ts';
import { OFFLINE_RECORDED } from './labels.ts';
import { QueryState } from '../../components/query-state.tsx';

/** /student/payment (and /student/payments): docs/product.md section 2 "Fee Payment". */
export default function FeePaymentPage() {
  usePageTitle('Fee Payment');
  const navigate = useNavigate();
  // What is due for each course is the server's figure (GET /api/payments/fees); nothing is priced here.
  const courses = useCourseFees();
  const validate = useValidateCoupon();
  const [course, setCourse] = useState<CourseFee | null>(null);
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<CouponValidateAnswer | null>(null);
  const [couponMessage, setCouponMessage] = useState<CouponMessage>(null);
  const [method, setMethod] = useState<FeeMethod>('card');
  const [error, setError] = useState<string | null>(null);
  const [confirmOther, setConfirmOther] = useState(false);

  const reset = () => {
    setCourse(null);
    setCode('');
    setApplied(null);
    setCouponMessage(null);
    setError(null);
  };

  const checkout = useFeeCheckout({
    onPaid: () => {
      reset();
      navigate('/student/dashboard');
      window.scrollTo(0, 0);
    },
    onOfflineRecorded: () => {
      reset();
      toast.success(OFFLINE_RECORDED);
    },
  });

  const applyCoupon = (forCourse: CourseFee, couponCode: string) =>
    validate.mutate(
      { courseId: forCourse._id, code: couponCode },
      {
        onSuccess: (answer) => {
          // The spec: an unknown code resets the discount to 0.
          setApplied(answer.valid ? answer : null);
          setCouponMessage({ tone: answer.valid ? 'success' : 'error', text: answer.message });
        },
        onError: (err) => {
          setApplied(null);
          setCouponMessage({ tone: 'error', text: errorMessage(err, PAYMENT_MSG.couponInvalid) });
        },
      },
    );

  const onSelect = (c: CourseFee) => {
    setCourse(c);
    setError(null);
    setApplied(null);
    setCouponMessage(null);
    // The discount is the server's figure for one course: a coupon already applied is checked again.
    if (applied) applyCoupon(c, applied.code);
  };

  const onCodeChange = (value: string) => {
    setCode(value);
    if (applied && value !== applied.code) {
      setApplied(null);
      setCouponMessage(null);
    }
  };

  // The course of the student's admission, if any: paying for another one asks first.
  const admittedCourse = courses.data?.find((c) => c.admitted) ?? null;

  const onPay = () => {
    if (!course) {
      setError(PAYMENT_MSG.selectCourse);
      return;
    }
    setError(null);
    if (admittedCourse && !course.admitted) {
      setConfirmOther(true);
      return;
    }
    pay(course);
  };

  const pay = (chosen: CourseFee) => {
    setConfirmOther(false);
    void checkout.start({
      courseId: chosen._id,
      courseName: chosen.name,
      couponCode: applied?.code,
      method: method === 'offline' ? 'offline' : 'gateway',
    });
  };

  const fee = course?.fee ?? 0;
  const discount = applied?.discount ?? 0;
  const total = applied?.total ?? fee;
  const busy = checkout.processing;
  const payLabel = !course ? 'Pay Now' : method === 'offline' ? `Pay ${formatINR(total)} Offline` : `Pay ${formatINR(total)}`;

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-800">Fee Payment</h1>
      <p className="mt-1 text-slate-600">Choose your course, apply a coupon if you have one, and pay online or at your centre.</p>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6 lg:col-span-2">
          <QueryState
            query={courses}
            loadingText="Loading courses..."
            errorText={(e) => errorMessage(e, 'Failed to load courses')}
            isEmpty={(list) => list.length === 0}
            empty="No courses are open for payment right now."
          >
            {(list) => <CoursePicker courses={list} selectedId={course?._id ?? null} onSelect={onSelect} disabled={busy} />}
          </QueryState>
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-4">
          {course && (
            <CouponBox
              code={code}
              onCodeChange={onCodeChange}
              onApply={() => applyCoupon(course, code)}
              busy={validate.isPending}
              disabled={busy}
              message={couponMessage}
            />
          )}
          <OrderSummary courseName={course?.name ?? null} fee={fee} discount={discount} percent={applied?.percent ?? 0} total={total} />
          <MethodPicker value={method} onChange={setMethod} disabled={busy} />
          {error && <FormAlert>{error}</FormAlert>}
          <button type="button" className={`${buttonClass.primary} w-full py-3`} onClick={onPay} disabled={busy || validate.isPending}>
            {busy ? 'Processing...' : payLabel}
          </button>
          <p className="flex items-start gap-2 text-xs text-slate-600">
            <Lock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-green-700" />
            {PAYMENT_MSG.securePayment}
          </p>
        </div>
      </div>
      <div className="mt-8">
        <PaymentHistory />
      </div>
      <ConfirmDialog
        open={confirmOther && course !== null}
        onOpenChange={setConfirmOther}
        title="Pay for another course?"
        tone="primary"
        message={
          course &&
          admittedCourse && (
            <p>
              You were admitted to <strong>{admittedCourse.name}</strong>. {course.name} is another course: this payment of{' '}
              {formatINR(total)} is for {course.name} and does not count towards your {admittedCourse.name} fee.
            </p>
          )
        }
        confirmLabel={`Pay for ${course?.name ?? 'this course'}`}
        onConfirm={() => course && pay(course)}
      />
      <SandboxCheckoutDialog
        checkout={checkout.sandbox}
        busy={checkout.sandboxBusy}
        onAction={checkout.onSandboxAction}
        onDismiss={checkout.dismissSandbox}
      />
    </section>
  );
}
