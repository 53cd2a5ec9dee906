import { FEE_PLAN_LIMITS, type FeePlan, installmentLabel, splitFeePaise } from '@app/common/rules/fee-plans';
import { formatDate } from '@app/common/rules/dates';
import { formatINR, hasAtMostPaise, toPaise, toRupees } from '@app/common/rules/money';
import { feePlanSchema } from '@app/common/schemas/courses';
import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { z } from 'zod';
import { SelectField } from '../../../components/form-controls.tsx';

// The fee plan part of the course form (docs/product.md section 11, "Fee plans"): the number of
// installments, monthly or listed due dates, and a preview of the amounts as the server will split them
// (splitFeePaise, the same rule).

export type FeePlanFormValues = { installments: string; mode: 'monthly' | 'dates'; dueDates: string[] };

/** The form's plan read into the API's `feePlan`, with the server's own rules (feePlanSchema). */
export const feePlanForm = z
  .object({ installments: z.string(), mode: z.enum(['monthly', 'dates']), dueDates: z.array(z.string()) })
  .transform((v): { installments: unknown; dueDates?: string[] | null } =>
    v.mode === 'monthly'
      ? { installments: v.installments }
      : { installments: v.installments, dueDates: v.dueDates.slice(0, Number(v.installments) || 0) },
  )
  .pipe(feePlanSchema);

/** A course's plan as the form holds it: always twelve date boxes, the first `installments` shown. */
export const toFeePlanFormValues = (plan: FeePlan | undefined): FeePlanFormValues => ({
  installments: String(plan?.installments ?? 4),
  mode: plan?.dueDates?.length ? 'dates' : 'monthly',
  dueDates: Array.from({ length: FEE_PLAN_LIMITS.maxInstallments }, (_, i) => plan?.dueDates?.[i] ?? ''),
});

const countOptions = Array.from({ length: FEE_PLAN_LIMITS.maxInstallments }, (_, i) => ({
  value: String(i + 1),
  label: i === 0 ? '1 (the whole fee at once)' : String(i + 1),
}));

const monthlyDue = (i: number) => (i === 0 ? 'On the admission day' : `Admission day + ${i} ${i === 1 ? 'month' : 'months'}`);

type Errors = FieldErrors<{ feePlan: FeePlanFormValues }>['feePlan'];

type Props = {
  // biome-ignore lint/suspicious/noExplicitAny: the course form's register, typed by its own values
  register: UseFormRegister<any>;
  errors: Errors;
  plan: FeePlanFormValues;
  /** The price as typed (rupees). */
  price: unknown;
};

export function FeePlanFields({ register, errors, plan, price }: Props) {
  const radioName = useId();
  const n = Math.min(FEE_PLAN_LIMITS.maxInstallments, Math.max(1, Number(plan.installments) || 1));
  const listed = plan.mode === 'dates';
  const datesError = errors?.dueDates?.root?.message ?? errors?.dueDates?.message;
  const priceNumber = Number(String(price ?? '').trim());
  const priced = String(price ?? '').trim() !== '' && Number.isFinite(priceNumber) && priceNumber >= 0 && hasAtMostPaise(priceNumber);
  const amounts = priced ? splitFeePaise(toPaise(priceNumber), n) : null;

  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-slate-800">Fee plan</legend>
      <SelectField
        label="Number of installments"
        options={countOptions}
        error={errors?.installments?.message}
        {...register('feePlan.installments')}
      />
      <div role="radiogroup" aria-label="Due dates" className="flex flex-col gap-1">
        <span className="text-sm font-medium text-slate-700">Due dates</span>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="radio" value="monthly" {...register('feePlan.mode')} />
          Monthly from the admission date
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="radio" value="dates" {...register('feePlan.mode')} />
          On dates I choose
        </label>
      </div>

      {listed && (
        <div className="sm:col-span-2">
          <ul className="grid gap-3 sm:grid-cols-3">
            {Array.from({ length: n }, (_, i) => {
              const error = errors?.dueDates?.[i]?.message;
              const id = `${radioName}-due-${i}`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: one box per installment number
                <li key={i} className="flex flex-col gap-1">
                  <label htmlFor={id} className="text-sm font-medium text-slate-700">
                    {installmentLabel(i + 1, n)} installment due
                  </label>
                  <input
                    id={id}
                    type="date"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    className={`rounded-md border px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 ${
                      error ? 'border-red-500' : 'border-slate-300'
                    }`}
                    {...register(`feePlan.dueDates.${i}`)}
                  />
                  {error && (
                    <p id={`${id}-error`} className="text-sm text-red-700">
                      {error}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
          {datesError && <p className="mt-1 text-sm text-red-700">{datesError}</p>}
        </div>
      )}

      <div className="sm:col-span-2">
        {amounts ? (
          <table className="w-full text-sm" aria-label="Fee plan preview">
            <caption className="mb-1 text-left text-sm font-medium text-slate-700">
              Preview: {n === 1 ? 'the whole fee in one installment' : `${n} installments`}
            </caption>
            <thead className="text-left text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Installment
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Amount
                </th>
                <th scope="col" className="py-1 font-medium">
                  Due
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {amounts.map((paise, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one row per installment number
                <tr key={i}>
                  <td className="py-1 pr-2">{installmentLabel(i + 1, n)}</td>
                  <td className="whitespace-nowrap py-1 pr-2">{formatINR(toRupees(paise))}</td>
                  <td className="py-1">{listed ? (plan.dueDates[i] ? formatDate(plan.dueDates[i]) : '—') : monthlyDue(i)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-slate-500">Enter the price to preview the installments.</p>
        )}
        <p className="mt-1 text-xs text-slate-500">
          Each installment is a whole number of rupees; the last takes what is left. Students already admitted keep the plan they were
          admitted with.
        </p>
      </div>
    </fieldset>
  );
}
