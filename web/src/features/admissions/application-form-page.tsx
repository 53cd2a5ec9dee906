import { BATCH_PREFERENCES, YEAR_OF_PASSING } from '@app/common/constants';
import type { applicationForm } from '@app/common/schemas/admissions';
import { lazy, Suspense } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../../lib/api-client.ts';
import { LightFormProvider, useLightForm } from '../../lib/light-form.tsx';
import { buttonClass, Field, FormAlert } from '../../components/field.tsx';
import { SelectField } from '../../components/form-controls.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useSubmitAdmissionRequest } from './api/submit-request.ts';
import { RequestFields, useSelections } from './components/request-fields.tsx';
import { WhatHappensNext } from './components/what-next.tsx';
import { ADMISSION_WEB_MSG } from './messages.ts';

// Shown only once the form was sent: it loads then (bundle budget: scripts/bundle-budget.mjs).
const Submitted = lazy(() => import('./components/submitted.tsx'));

type Input = z.input<typeof applicationForm>;
type Output = z.output<typeof applicationForm>;

const empty: Partial<Input> = {
  fullName: '',
  email: '',
  phone: '',
  address: '',
  education: '',
  course: '',
  reason: '',
  lastQualification: '',
  institution: '',
  yearOfPassing: '',
  percentage: '',
  emergencyContactName: '',
  emergencyContactRelation: '',
  emergencyContactPhone: '',
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
 * (docs/architecture.md).
 */
export default function ApplicationFormPage() {
  usePageTitle('Admission Application Form');
  const form = useLightForm<Input, Output>({
    schema: () => import('@app/common/schemas/admissions').then((m) => m.applicationForm),
    defaultValues: empty,
  });
  const submit = useSubmitAdmissionRequest();
  const selections = useSelections();
  const e = form.formState.errors;
  const { register } = form;

  const onSubmit = form.handleSubmit((values) =>
    submit.mutate({ ...values, applicationForm: true, ...selections(values.course, values.centre) }),
  );
  const again = () => {
    submit.reset();
    form.reset(empty);
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-brand-800">Admission Application Form</h1>
      <p className="mt-1 text-slate-600">The complete application. All fields are required.</p>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {submit.isSuccess ? (
            <Suspense fallback={null}>
              <Submitted message={submit.data.message} onAnother={again} />
            </Suspense>
          ) : (
            <LightFormProvider form={form}>
              <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
                {submit.isError && <FormAlert>{errorMessage(submit.error, ADMISSION_WEB_MSG.submitError)}</FormAlert>}
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
                <Fieldset legend="Emergency contact">
                  <Field label="Emergency contact name" error={e.emergencyContactName?.message} {...register('emergencyContactName')} />
                  <Field label="Relation to you" error={e.emergencyContactRelation?.message} {...register('emergencyContactRelation')} />
                  <Field
                    label="Emergency contact phone"
                    type="tel"
                    error={e.emergencyContactPhone?.message}
                    {...register('emergencyContactPhone')}
                  />
                </Fieldset>
                <div>
                  <button type="submit" className={`${buttonClass.primary} w-full sm:w-auto`} disabled={submit.isPending}>
                    {submit.isPending ? 'Submitting...' : 'Submit Application'}
                  </button>
                </div>
              </form>
            </LightFormProvider>
          )}
        </div>
        <WhatHappensNext showApplicationLink={false} />
      </div>
    </section>
  );
}
