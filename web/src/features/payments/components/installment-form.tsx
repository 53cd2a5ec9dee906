import { zodResolver } from '@hookform/resolvers/zod';
import { formatINR } from '@app/common/rules/money';
import { initiateInstallmentBody, PAYMENT_MSG } from '@app/common/schemas/payments';
import { ArrowRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField } from '../../../components/form-controls.tsx';
import { postToGateway, useInitiateInstallment } from '../api/installment.ts';
import { installmentLabel } from '../labels.ts';

type Props = {
  admissionId: string;
  /** Fees still due (rupees): the amount's maximum (docs/product.md section 5). */
  due: number;
  defaultInstallment: number;
  defaultAmount: number | null;
  /** How many installments the student's fee plan has (the choices 1st … Final). */
  installmentCount: number;
};

/** The amount and installment of a course payment; on submit the browser posts the gateway's form (docs/product.md section 4). */
export function InstallmentForm({ admissionId, due, defaultInstallment, defaultAmount, installmentCount }: Props) {
  const installmentOptions = useMemo(
    () =>
      Array.from({ length: installmentCount }, (_, i) => ({
        value: String(i + 1),
        label: installmentLabel(i + 1, installmentCount) ?? String(i + 1),
      })),
    [installmentCount],
  );
  // The server's own body schema, with the fees still due as the upper bound.
  const schema = useMemo(
    () =>
      initiateInstallmentBody
        .pick({ amount: true, installmentNumber: true })
        .refine((v) => v.amount <= due, { path: ['amount'], message: PAYMENT_MSG.amountAboveDue(formatINR(due)) }),
    [due],
  );
  type Input = z.input<typeof schema>;
  type Output = z.output<typeof schema>;
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { amount: defaultAmount === null ? '' : String(defaultAmount), installmentNumber: String(defaultInstallment) },
  });
  const initiate = useInitiateInstallment();
  const [failure, setFailure] = useState<string | null>(null);
  // After a successful initiation the page is leaving for the gateway: stay busy until it does.
  const [leaving, setLeaving] = useState(false);
  const busy = initiate.isPending || leaving;
  const amount = form.watch('amount');
  const amountEmpty = amount === '' || amount === undefined || amount === null;

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    initiate.mutate(
      { amount: values.amount, installmentNumber: values.installmentNumber, admissionId },
      {
        onSuccess: (answer) => {
          setLeaving(true);
          postToGateway(answer.paymentUrl, answer.params);
        },
        onError: (err) => {
          const fieldError = err instanceof ApiError ? err.fields?.amount : undefined;
          if (fieldError) form.setError('amount', { message: fieldError });
          setFailure(errorMessage(err, PAYMENT_MSG.initiationFailed));
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field
        label="Amount to pay (₹)"
        type="number"
        inputMode="decimal"
        min={1}
        max={due}
        step="any"
        error={form.formState.errors.amount?.message}
        hint={<p className="text-xs text-slate-500">Still due: {formatINR(due)}</p>}
        {...form.register('amount')}
      />
      <SelectField
        label="Installment"
        options={installmentOptions}
        error={form.formState.errors.installmentNumber?.message}
        {...form.register('installmentNumber')}
      />
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="flex flex-wrap justify-end gap-3">
        <Link to="/student/dashboard" className={buttonClass.secondary}>
          Cancel
        </Link>
        <button type="submit" className={buttonClass.primary} disabled={busy || amountEmpty}>
          {busy ? 'Processing...' : 'Pay with Paytm'} {!busy && <ArrowRight aria-hidden="true" className="h-4 w-4" />}
        </button>
      </div>
      <p className="text-xs text-slate-500">
        You will be taken to the payment gateway's secure page and brought back here when it is done.
      </p>
    </form>
  );
}
