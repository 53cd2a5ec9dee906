import { BATCH_PREFERENCES, YEAR_OF_PASSING } from '@app/common/constants';
import type { applicationForm } from '@app/common/schemas/admissions';
import { lazy, Suspense } from 'react';
import type { z } from 'zod';
import { useLightForm } from '../../lib/light-form.tsx';
import { Field } from '../../components/field.tsx';
import { SelectField } from '../../components/form-controls.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { emptyRequestFields, RequestFields } from './components/request-fields.tsx';
import { RequestLayout } from './components/request-layout.tsx';
import { RequestForm } from './components/request-form.tsx';
import { WhatHappensNext } from './components/what-next.tsx';
import { emptyGuardianFields, type GuardianFlat } from './components/guardian-flat.ts';

// The guardian's relation choices come with the shared schemas: loaded after the first render, like the validation.
const GuardianFields = lazy(() => import('./components/guardian-fields.tsx'));

// The emergency contact of the old form is the first guardian now (docs/product-parents.md "Guardians").
type Input = Omit<z.input<typeof applicationForm>, 'emergencyContactName' | 'emergencyContactRelation' | 'emergencyContactPhone'> &
  GuardianFlat;
type Output = Omit<z.output<typeof applicationForm>, 'emergencyContactName' | 'emergencyContactRelation' | 'emergencyContactPhone'>;

const empty: Partial<Input> = {
  ...emptyRequestFields,
  lastQualification: '',
  institution: '',
  yearOfPassing: '',
  percentage: '',
  ...emptyGuardianFields,
};

const batchOptions = [
  { value: '', label: 'Select a batch' },
  ...Object.entries(BATCH_PREFERENCES).map(([value, label]) => ({ value, label })),
];

function Fieldset({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-4 rounded-xl bg-white p-6 shadow-md sm:grid-cols-2">
      <legend className="float-left mb-1 w-full text-lg font-semibold text-brand-800 sm:col-span-2">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * /application-form: the Admission Application Form (docs/product.md section 2) with the extended fields of
 * section 3. Unlike the prototype it submits to the server and its answers are stored with the request
 * (docs/product.md section 2).
 */
export default function ApplicationFormPage() {
  usePageTitle('Admission Application Form');
  const form = useLightForm<Input, Output>({
    schema: () =>
      Promise.all([import('@app/common/schemas/admissions'), import('./components/guardian-schema.ts')]).then(([m, g]) =>
        g.applicationFormSchema(m),
      ),
    defaultValues: empty,
  });
  const e = form.formState.errors;
  const { register } = form;

  return (
    <RequestLayout
      title="Admission Application Form"
      lead="The complete application. All fields are required."
      side={<WhatHappensNext showApplicationLink={false} />}
    >
      <RequestForm form={form} empty={empty} isApplication submitLabel="Submit Application" className="flex flex-col gap-6">
        <Fieldset legend="Personal details and course">
          <RequestFields />
          <SelectField
            label="Batch preference"
            options={batchOptions}
            className="w-full"
            error={e.batchPreference?.message}
            {...register('batchPreference')}
          />
        </Fieldset>
        <Fieldset legend="Academic background">
          <Field label="Last qualification" error={e.lastQualification?.message} {...register('lastQualification')} />
          <Field label="Institution" error={e.institution?.message} {...register('institution')} />
          <Field
            label="Year of passing"
            type="number"
            inputMode="numeric"
            min={YEAR_OF_PASSING.min}
            max={YEAR_OF_PASSING.max}
            step={1}
            error={e.yearOfPassing?.message}
            {...register('yearOfPassing')}
          />
          <Field
            label="Percentage"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.1}
            error={e.percentage?.message}
            {...register('percentage')}
          />
        </Fieldset>
        <Fieldset legend="Parent or guardian">
          <Suspense fallback={null}>
            <GuardianFields />
          </Suspense>
        </Fieldset>
      </RequestForm>
    </RequestLayout>
  );
}
