import { GUARDIAN_RELATIONS } from '@app/common/schemas/parents';
import { UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { Field } from '../../../components/field.tsx';
import { SelectField } from '../../../components/form-controls.tsx';
import { useLightFormContext } from '../../../lib/light-form.tsx';
import type { GuardianFlat } from './guardian-flat.ts';

const relationOptions = [{ value: '', label: 'Select a relation' }, ...GUARDIAN_RELATIONS.map((r) => ({ value: r, label: r }))];

function Guardian({ i }: { i: 1 | 2 }) {
  const { register, formState } = useLightFormContext<GuardianFlat>();
  const e = formState.errors;
  const who = i === 1 ? "Guardian's" : "Second guardian's";
  return (
    <>
      <Field label={`${who} name`} autoComplete="off" error={e[`guardian${i}Name`]?.message} {...register(`guardian${i}Name`)} />
      <SelectField
        label={i === 1 ? 'Relation to the student' : 'Second guardian’s relation'}
        options={relationOptions}
        className="w-full"
        error={e[`guardian${i}Relation`]?.message}
        {...register(`guardian${i}Relation`)}
      />
      <Field
        label={`${who} mobile`}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="98765 43210"
        error={e[`guardian${i}Phone`]?.message}
        {...register(`guardian${i}Phone`)}
      />
      <Field
        label={`${who} e-mail (optional)`}
        type="email"
        autoComplete="off"
        error={e[`guardian${i}Email`]?.message}
        {...register(`guardian${i}Email`)}
      />
    </>
  );
}

/**
 * A parent or guardian, and "Add a second guardian" (docs/product-parents.md "Guardians"): their mobile number
 * is how the parent signs in and how the institute's alerts reach them.
 */
export default function GuardianFields() {
  const { setValue, watch } = useLightFormContext<GuardianFlat>();
  // A second guardian typed in before (a form sent back with errors) stays open.
  const [second, setSecond] = useState(() => Boolean(watch('guardian2Name') || watch('guardian2Phone')));
  const removeSecond = () => {
    for (const f of ['Name', 'Relation', 'Phone', 'Email'] as const) setValue(`guardian2${f}`, '');
    setSecond(false);
  };
  return (
    <>
      <p className="text-sm text-slate-600 sm:col-span-2">
        A parent or guardian with a mobile number can sign in to follow attendance, results and fees, and receives the institute's alerts.
      </p>
      <Guardian i={1} />
      {second ? (
        <>
          <div className="flex items-center justify-between sm:col-span-2">
            <h3 className="font-semibold text-slate-800">Second guardian</h3>
            <button
              type="button"
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
              onClick={removeSecond}
            >
              <X aria-hidden="true" className="h-4 w-4" /> Remove second guardian
            </button>
          </div>
          <Guardian i={2} />
        </>
      ) : (
        <div className="sm:col-span-2">
          <button
            type="button"
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
            onClick={() => setSecond(true)}
          >
            <UserPlus aria-hidden="true" className="h-4 w-4" /> Add a second guardian
          </button>
        </div>
      )}
    </>
  );
}
