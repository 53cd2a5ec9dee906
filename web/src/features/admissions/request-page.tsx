import type { AdmissionRequestForm, admissionRequestForm } from '@app/common/schemas/admissions';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../lib/api-client.ts';
import { LightFormProvider, useLightForm } from '../../lib/light-form.tsx';
import { buttonClass, FormAlert } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useSubmitAdmissionRequest } from './api/submit-request.ts';
import { RequestFields, useSelections } from './components/request-fields.tsx';
import { ADMISSION_WEB_MSG } from './messages.ts';

// The confirmation (shown once sent) and the side box load after the form (bundle budget: scripts/bundle-budget.mjs).
const Submitted = lazy(() => import('./components/submitted.tsx'));
const WhatHappensNext = lazy(() => import('./components/what-next.tsx').then((m) => ({ default: m.WhatHappensNext })));

const empty: Partial<AdmissionRequestForm> = {
  fullName: '',
  email: '',
  phone: '',
  address: '',
  education: '',
  course: '',
  reason: '',
};

/** /admission-request: the public request form (docs/product.md section 2; every field required, section 5). */
export default function AdmissionRequestPage() {
  usePageTitle('Request Admission');
  const form = useLightForm<AdmissionRequestForm, z.output<typeof admissionRequestForm>>({
    schema: () => import('@app/common/schemas/admissions').then((m) => m.admissionRequestForm),
    defaultValues: empty,
  });
  const submit = useSubmitAdmissionRequest();
  // ?course=<id>: the course card the visitor came from (home page "Request Admission").
  const [params] = useSearchParams();
  const selections = useSelections();

  const onSubmit = form.handleSubmit((values) => submit.mutate({ ...values, ...selections(values.course, values.centre) }));
  const again = () => {
    submit.reset();
    form.reset(empty);
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-brand-800">Request Admission</h1>
      <p className="mt-1 text-slate-600">Tell us about yourself and the course you want to join. All fields are required.</p>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {submit.isSuccess ? (
            <Suspense fallback={null}>
              <Submitted message={submit.data.message} onAnother={again} />
            </Suspense>
          ) : (
            <LightFormProvider form={form}>
              <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4 rounded-xl bg-white p-6 shadow-md sm:grid-cols-2">
                {submit.isError && (
                  <div className="sm:col-span-2">
                    <FormAlert>{errorMessage(submit.error, ADMISSION_WEB_MSG.submitError)}</FormAlert>
                  </div>
                )}
                <RequestFields preselectCourse={params.get('course') ?? undefined} />
                <div className="sm:col-span-2">
                  <button type="submit" className={`${buttonClass.primary} w-full sm:w-auto`} disabled={submit.isPending}>
                    {submit.isPending ? 'Submitting...' : 'Submit Request'}
                  </button>
                </div>
              </form>
            </LightFormProvider>
          )}
        </div>
        <Suspense fallback={null}>
          <WhatHappensNext />
        </Suspense>
      </div>
    </section>
  );
}
