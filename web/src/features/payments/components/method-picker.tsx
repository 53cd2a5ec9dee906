import { Banknote, CreditCard, Landmark, Smartphone } from 'lucide-react';

const FEE_METHODS = [
  { value: 'card', label: 'Credit / Debit Card', icon: CreditCard },
  { value: 'upi', label: 'UPI', icon: Smartphone },
  { value: 'netbanking', label: 'Net Banking', icon: Landmark },
  { value: 'offline', label: 'Offline (pay at the centre)', icon: Banknote },
] as const;
export type FeeMethod = (typeof FEE_METHODS)[number]['value'];

/** Card, UPI and net banking all go through the payment gateway; offline records a payment an admin verifies. */
export function MethodPicker({ value, onChange, disabled }: { value: FeeMethod; onChange: (m: FeeMethod) => void; disabled?: boolean }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm">
      <fieldset disabled={disabled}>
        <legend className="text-lg font-semibold text-brand-800">Payment Method</legend>
        <div className="mt-3 grid gap-2">
          {FEE_METHODS.map((m) => (
            <label
              key={m.value}
              className={`flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-sm ${
                value === m.value ? 'border-brand-700 bg-brand-50 font-semibold text-brand-800' : 'border-slate-200 text-slate-700'
              }`}
            >
              <input
                type="radio"
                name="payment-method"
                value={m.value}
                checked={value === m.value}
                onChange={() => onChange(m.value)}
                className="h-4 w-4 accent-brand-700"
              />
              <m.icon aria-hidden="true" className="h-4 w-4" />
              {m.label}
            </label>
          ))}
        </div>
      </fieldset>
      {value === 'offline' && (
        <p className="mt-3 text-xs text-slate-600">
          Pay in cash or by cheque at your centre. Your payment is recorded as pending until an admin verifies it.
        </p>
      )}
    </div>
  );
}
