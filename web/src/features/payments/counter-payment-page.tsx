import { todayInIndia } from '@app/common';
import { formatINR } from '@app/common/rules/money';
import { COUNTER_METHOD_LABELS, COUNTER_METHODS, type CounterPaymentBody, counterPaymentBody } from '@app/common/schemas/collections';
import type { AdminPayment } from '@app/common/schemas/payments-admin';
import type { StudentListItem } from '@app/common/schemas/users';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { useMyCentres } from '../../api/centres.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { buttonClass, Field, FormAlert } from '../../components/field.tsx';
import { SelectField } from '../../components/form-controls.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useCounterStudent, useRecordCounterPayment, useStudentSearch } from './api/counter.ts';
import { downloadReceipt } from './api/receipt.ts';
import { CounterStudentPanel } from './components/counter-student-panel.tsx';
import { formResolver } from '../../lib/form-resolver.ts';

type Values = {
  studentId: string;
  amount: string;
  method: CounterPaymentBody['method'];
  reference: string;
  receivedAt: string;
  centre: string;
  confirmPendingOnline: boolean;
};

const toBody = (v: Values): CounterPaymentBody => ({
  ...v,
  centre: v.centre as CounterPaymentBody['centre'],
  amount: v.amount.trim() === '' ? Number.NaN : Number(v.amount),
  reference: v.reference || undefined,
  confirmPendingOnline: v.confirmPendingOnline || undefined,
});
// The form's text becomes the server's body, checked by the server's own schema (its messages on the same fields).
const formSchema = z.custom<Values>().transform(toBody).pipe(counterPaymentBody);

/** /admin/payments/counter: money received at a centre (cash, UPI, cheque, bank transfer), completed at once. */
export default function CounterPaymentPage() {
  const centres = useMyCentres();
  const record = useRecordCounterPayment();
  const [student, setStudent] = useState<StudentListItem | null>(null);
  const [done, setDone] = useState<AdminPayment | null>(null);
  const fees = useCounterStudent(student?._id ?? null);
  const { register, handleSubmit, reset, setError, setValue, getValues, watch, formState } = useForm<Values>({
    resolver: formResolver(formSchema),
    defaultValues: {
      studentId: '',
      amount: '',
      method: 'cash',
      reference: '',
      receivedAt: todayInIndia(),
      centre: '',
      confirmPendingOnline: false,
    },
  });
  // The student's centre (their own, else their admission's) is chosen for the clerk once both it and the
  // centre list are known; a centre the clerk picked stays.
  const preferredCentre = fees.data?.centre ?? student?.centre ?? null;
  const centresLoaded = centres.data !== undefined;
  useEffect(() => {
    if (student && preferredCentre && centresLoaded && !getValues('centre')) setValue('centre', preferredCentre);
  }, [student, preferredCentre, centresLoaded, getValues, setValue]);
  const onSubmit = handleSubmit(() =>
    record.mutate(toBody(watch()), {
      onSuccess: (p) => setDone(p),
      onError: (err) => {
        if (err instanceof ApiError && err.fields) {
          for (const [name, message] of Object.entries(err.fields)) setError(name as keyof Values, { message });
        }
      },
    }),
  );
  const e = formState.errors;
  const method = watch('method');

  if (done) {
    return (
      <AdminPage title="Record Counter Payment" back="/admin/payments" backLabel="Back to payments">
        <div className="max-w-xl rounded-xl bg-white p-6 shadow-sm">
          <FormAlert tone="success">
            {formatINR(done.amount)} from {done.studentId?.firstName} {done.studentId?.lastName} recorded: receipt {done.receiptNumber}.
          </FormAlert>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" className={buttonClass.secondary} onClick={() => downloadReceipt(done._id).catch(() => undefined)}>
              Download Receipt
            </button>
            <button
              type="button"
              className={buttonClass.primary}
              onClick={() => {
                setDone(null);
                setStudent(null);
                reset();
                record.reset();
              }}
            >
              Record another
            </button>
            <Link to="/admin/payments/collections" className={buttonClass.secondary}>
              Today's collections
            </Link>
          </div>
        </div>
      </AdminPage>
    );
  }

  return (
    <AdminPage title="Record Counter Payment" back="/admin/payments" backLabel="Back to payments">
      <form onSubmit={onSubmit} noValidate className="grid max-w-2xl grid-cols-1 gap-4 rounded-xl bg-white p-6 shadow-sm sm:grid-cols-2">
        {record.isError && !(record.error instanceof ApiError && record.error.fields) && (
          <div className="sm:col-span-2">
            <FormAlert>{errorMessage(record.error, 'Could not record the payment.')}</FormAlert>
          </div>
        )}
        <div className="sm:col-span-2">
          <StudentPicker
            chosen={student}
            error={e.studentId?.message}
            onChoose={(s) => {
              setStudent(s);
              setValue('studentId', s?._id ?? '', { shouldValidate: formState.isSubmitted });
              setValue('centre', centres.data && s?.centre ? s.centre : '');
              setValue('confirmPendingOnline', false);
              record.reset();
            }}
          />
        </div>
        {student && (
          <div className="sm:col-span-2">
            <CounterStudentPanel
              query={fees}
              confirm={register('confirmPendingOnline')}
              onUseAmount={(amount) => setValue('amount', String(amount), { shouldValidate: formState.isSubmitted })}
            />
          </div>
        )}
        <Field
          label="Amount (₹)"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          error={e.amount?.message}
          {...register('amount')}
        />
        <SelectField
          label="Method"
          options={COUNTER_METHODS.map((m) => ({ value: m, label: COUNTER_METHOD_LABELS[m] }))}
          error={e.method?.message}
          {...register('method')}
        />
        <Field
          label={method === 'cash' ? 'Reference (optional)' : 'Reference'}
          placeholder={method === 'cheque' ? 'Cheque number and bank' : method === 'upi' ? 'UPI transaction ID' : ''}
          error={e.reference?.message}
          {...register('reference')}
        />
        <Field label="Date received" type="date" max={todayInIndia()} error={e.receivedAt?.message} {...register('receivedAt')} />
        <SelectField
          label="Centre"
          options={[{ value: '', label: 'Select a centre' }, ...(centres.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
          error={e.centre?.message}
          {...register('centre')}
        />
        <div className="flex items-end sm:col-span-2">
          <button type="submit" className={buttonClass.primary} disabled={record.isPending}>
            {record.isPending ? 'Recording...' : 'Record Payment'}
          </button>
        </div>
      </form>
    </AdminPage>
  );
}

/** Search by name, e-mail or registration number; pick one. */
function StudentPicker({
  chosen,
  error,
  onChoose,
}: {
  chosen: StudentListItem | null;
  error?: string;
  onChoose: (s: StudentListItem | null) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const found = useStudentSearch(search);
  if (chosen) {
    return (
      <div>
        <p className="text-sm font-medium text-slate-700">Student</p>
        <p className="mt-1 flex flex-wrap items-center gap-3 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
          <span className="font-semibold text-slate-900">{chosen.fullName}</span>
          <span className="text-slate-600">{chosen.registrationNumber ?? chosen.email}</span>
          <button type="button" className="ml-auto text-sm font-semibold text-brand-700 hover:underline" onClick={() => onChoose(null)}>
            Change
          </button>
        </p>
      </div>
    );
  }
  return (
    <div>
      <Field
        id={id}
        label="Student"
        placeholder="Name, e-mail or registration number"
        value={search}
        onChange={(ev) => setSearch(ev.target.value)}
        error={error}
        autoComplete="off"
      />
      {search.trim().length >= 2 && (
        <ul className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Matching students">
          {found.isPending && <li className="px-3 py-2 text-sm text-slate-600">Searching...</li>}
          {found.data?.length === 0 && <li className="px-3 py-2 text-sm text-slate-600">No student matches.</li>}
          {found.data?.map((s) => (
            <li key={s._id}>
              <button type="button" className="w-full px-3 py-2 text-left text-sm hover:bg-brand-50" onClick={() => onChoose(s)}>
                <span className="font-medium text-slate-900">{s.fullName}</span>{' '}
                <span className="text-slate-600">{s.registrationNumber ?? s.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
