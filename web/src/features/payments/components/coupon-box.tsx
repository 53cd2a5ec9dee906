import { Tag } from 'lucide-react';
import type { FormEvent } from 'react';
import { buttonClass } from '../../../components/field.tsx';

export type CouponMessage = { tone: 'success' | 'error'; text: string } | null;

type Props = {
  code: string;
  onCodeChange: (code: string) => void;
  onApply: () => void;
  busy: boolean;
  disabled?: boolean;
  message: CouponMessage;
};

/** The coupon box (docs/product.md section 5): upper-cased as typed; Apply asks the server; the hint lists three codes only. */
export function CouponBox({ code, onCodeChange, onApply, busy, disabled, message }: Props) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) onApply();
  };
  return (
    <form onSubmit={submit} className="rounded-xl bg-white p-4 shadow-sm" aria-label="Coupon">
      <label htmlFor="coupon-code" className="flex items-center gap-2 font-semibold text-brand-800">
        <Tag aria-hidden="true" className="h-4 w-4" /> Have a coupon code?
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id="coupon-code"
          value={code}
          onChange={(e) => onCodeChange(e.target.value.toUpperCase())}
          placeholder="Enter coupon code"
          autoComplete="off"
          maxLength={50}
          disabled={disabled}
          aria-describedby="coupon-hint coupon-message"
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 uppercase text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
        />
        <button type="submit" className={buttonClass.secondary} disabled={disabled || busy || !code.trim()}>
          {busy ? 'Applying...' : 'Apply'}
        </button>
      </div>
      <p id="coupon-message" role="status" className="min-h-5 pt-1 text-sm">
        {message && <span className={message.tone === 'success' ? 'text-green-700' : 'text-red-700'}>{message.text}</span>}
      </p>
      <p id="coupon-hint" className="text-xs text-slate-500">
        A code from the institute's offers: it is checked for this course when you press Apply.
      </p>
    </form>
  );
}
