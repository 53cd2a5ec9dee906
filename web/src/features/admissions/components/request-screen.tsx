import type { AdmissionRequestForm, admissionRequestForm } from '@app/common/schemas/admissions';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useLightForm } from '../../../lib/light-form.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { emptyRequestFields, RequestFields } from './request-fields.tsx';
import { RequestLayout } from './request-layout.tsx';
import { RequestForm } from './request-form.tsx';
import { emptyGuardianFields, type GuardianFlat } from './guardian-flat.ts';

// The guardian's relation choices come with the shared schemas: loaded after the first render, like the validation.
const GuardianFields = lazy(() => import('./guardian-fields.tsx'));
const empty = { ...emptyRequestFields, ...emptyGuardianFields };

// The side box loads after the form (bundle budget: scripts/bundle-budget.mjs).
const WhatHappensNext = lazy(() => import('./what-next.tsx').then((m) => ({ default: m.WhatHappensNext })));

/** /admission-request: the public request form (docs/product.md section 2; every field required, section 5). */
export default function AdmissionRequestScreen() {
  usePageTitle('Request Admission');
  const form = useLightForm<AdmissionRequestForm & GuardianFlat, z.output<typeof admissionRequestForm>>({
    schema: () =>
      Promise.all([import('@app/common/schemas/admissions'), import('./guardian-schema.ts')]).then(([m, g]) => g.requestFormSchema(m)),
    defaultValues: empty,
  });
  // ?course=<id>: the course card the visitor came from (home page "Request Admission").
  const [params] = useSearchParams();

  return (
    <RequestLayout
      title="Request Admission"
      lead="Tell us about yourself and the course you want to join. All fields are required."
      side={
        <Suspense fallback={null}>
          <WhatHappensNext />
        </Suspense>
      }
    >
      <RequestForm
        form={form}
        empty={empty}
        submitLabel="Submit Request"
        className="grid grid-cols-1 gap-4 rounded-xl bg-white p-6 shadow-md sm:grid-cols-2"
      >
        <RequestFields preselectCourse={params.get('course') ?? undefined} />
        <h2 className="mt-2 text-lg font-semibold text-brand-800 sm:col-span-2">Parent or guardian</h2>
        <Suspense fallback={null}>
          <GuardianFields />
        </Suspense>
      </RequestForm>
    </RequestLayout>
  );
}
