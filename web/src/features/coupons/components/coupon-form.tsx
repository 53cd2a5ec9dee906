import { indiaDayOf, instantInIndia } from '@app/common/rules/dates';
import { type Coupon, type CouponBody, couponBody } from '@app/common/schemas/coupons';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { useAdminCourses } from '../../../api/courses.ts';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { CheckboxGroup, SelectField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSaveCoupon } from '../api/coupons.ts';
import { formResolver } from '../../../lib/form-resolver.ts';

type Values = {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  courses: string[];
  validFrom: string;
  validTo: string;
  maxUses: string;
  maxUsesPerStudent: string;
  isActive: boolean;
};

/** A day in India (the form's dates) as the coupon's start (its first moment) or end (its last). */
const dayStart = (d: string) => (d ? instantInIndia(d, '00:00').toISOString() : null);
const dayEnd = (d: string) => (d ? instantInIndia(d, '23:59:59').toISOString() : null);
const indianDay = (iso: string | null) => (iso ? indiaDayOf(new Date(iso)) : '');
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

const toBody = (v: Values): CouponBody => ({
  code: v.code,
  percent: v.kind === 'percent' ? numberOrNull(v.value) : null,
  amount: v.kind === 'amount' ? numberOrNull(v.value) : null,
  courses: v.courses,
  validFrom: dayStart(v.validFrom),
  validTo: dayEnd(v.validTo),
  maxUses: numberOrNull(v.maxUses),
  maxUsesPerStudent: numberOrNull(v.maxUsesPerStudent),
  isActive: v.isActive,
});

// The form's text fields become the server's coupon body, checked by the server's own schema; its
// messages land on the fields of the same names (the value field shows the percentage's or amount's).
const formSchema = z.custom<Values>().transform(toBody).pipe(couponBody);

const toValues = (c: Coupon | null): Values => ({
  code: c?.code ?? '',
  kind: c?.amount != null ? 'amount' : 'percent',
  value: c ? String(c.percent ?? c.amount ?? '') : '',
  courses: c?.courses ?? [],
  validFrom: indianDay(c?.validFrom ?? null),
  validTo: indianDay(c?.validTo ?? null),
  maxUses: c?.maxUses != null ? String(c.maxUses) : '',
  maxUsesPerStudent: c?.maxUsesPerStudent != null ? String(c.maxUsesPerStudent) : '',
  isActive: c?.isActive ?? true,
});

type Props = { open: boolean; onOpenChange: (open: boolean) => void; coupon: Coupon | null };

/** Create or edit a coupon. */
export function CouponFormModal({ open, onOpenChange, coupon }: Props) {
  const courses = useAdminCourses();
  const save = useSaveCoupon();
  const { reset: resetSave } = save;
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<Values>({
    resolver: formResolver(formSchema),
    defaultValues: toValues(coupon),
  });
  useEffect(() => {
    if (open) {
      reset(toValues(coupon));
      resetSave();
    }
  }, [open, coupon, reset, resetSave]);

  // The resolver has checked the body; what is sent is what the fields say.
  const onSubmit = handleSubmit(() =>
    save.mutate(
      { id: coupon?._id, body: toBody(watch()) },
      {
        onSuccess: () => {
          toast.success(coupon ? 'Coupon updated' : 'Coupon created');
          onOpenChange(false);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) {
            for (const [name, message] of Object.entries(err.fields)) setError(fieldOf(name), { message });
          }
        },
      },
    ),
  );
  const e = formState.errors as Partial<Record<string, { message?: string }>>;
  const kind = watch('kind');
  const valueError = e.value?.message ?? e.percent?.message ?? e.amount?.message;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={coupon ? 'Edit Coupon' : 'New Coupon'}
      size="lg"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" form="coupon-form" className={buttonClass.primary} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : coupon ? 'Save Changes' : 'Create Coupon'}
          </button>
        </>
      }
    >
      <form id="coupon-form" onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        {save.isError && !(save.error instanceof ApiError && save.error.fields) && (
          <div className="sm:col-span-2">
            <FormAlert>{errorMessage(save.error, 'Could not save the coupon.')}</FormAlert>
          </div>
        )}
        <Field label="Code" placeholder="DIWALI10" autoCapitalize="characters" error={e.code?.message} {...register('code')} />
        <SelectField
          label="Discount"
          options={[
            { value: 'percent', label: 'Percentage of the fee' },
            { value: 'amount', label: 'Fixed amount (₹)' },
          ]}
          {...register('kind')}
        />
        <Field
          label={kind === 'percent' ? 'Percentage' : 'Amount (₹)'}
          type="number"
          inputMode="decimal"
          min={kind === 'percent' ? 1 : 0.01}
          max={kind === 'percent' ? 100 : undefined}
          step={kind === 'percent' ? 1 : 0.01}
          error={valueError}
          {...register('value')}
        />
        <Field
          label="Total uses"
          type="number"
          inputMode="numeric"
          min={1}
          hint="Empty: no limit"
          error={e.maxUses?.message}
          {...register('maxUses')}
        />
        <Field label="Valid from" type="date" hint="Empty: from now" error={e.validFrom?.message} {...register('validFrom')} />
        <Field label="Valid to" type="date" hint="Empty: no end" error={e.validTo?.message} {...register('validTo')} />
        <Field
          label="Uses per student"
          type="number"
          inputMode="numeric"
          min={1}
          hint="Empty: no limit"
          error={e.maxUsesPerStudent?.message}
          {...register('maxUsesPerStudent')}
        />
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-slate-700">
          <input type="checkbox" className="h-4 w-4" {...register('isActive')} /> Active
        </label>
        <CheckboxGroup
          legend="Courses (none ticked: every course)"
          error={e.courses?.message}
          options={(courses.data ?? []).map((c) => ({ value: c._id, label: c.name }))}
          field={register('courses')}
        />
      </form>
    </Modal>
  );
}

/** The server names percent or amount; the form shows both on its one value field. */
const fieldOf = (name: string): keyof Values => (name === 'percent' || name === 'amount' ? 'value' : (name as keyof Values));
