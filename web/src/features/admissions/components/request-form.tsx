import type { admissionRequestForm } from '@app/common/schemas/admissions';
import { lazy, type ReactNode, Suspense } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client.ts';
import { type LightForm, LightFormProvider } from '../../../lib/light-form.tsx';
import { buttonClass, FormAlert } from '../../../components/field.tsx';
import { useSubmitAdmissionRequest } from '../api/submit-request.ts';
import { ADMISSION_WEB_MSG } from '../messages.ts';
import { useSelections } from './request-fields.tsx';

// Shown only once the form was sent: it loads then (bundle budget: scripts/bundle-budget.mjs).
const Submitted = lazy(() => import('./submitted.tsx'));

type Props<TIn extends Record<string, unknown>, TOut extends z.output<typeof admissionRequestForm>> = {
  form: LightForm<TIn, TOut>;
  /** What "Submit another request" resets the form to. */
  empty: Partial<TIn>;
  /** The Application Form: the server then requires its extended fields (docs/product.md section 3). */
  isApplication?: boolean;
  submitLabel: string;
  className: string;
  /** The fields, inside the form's LightFormProvider. */
  children: ReactNode;
};

/**
 * One admission request from sending to "Submit another request", for the request form and the
 * Application Form alike: POST /api/admission-requests with the chosen course and centre, the server's
 * error above the fields, then the confirmation in the form's place until the visitor starts again.
 */
export function RequestForm<TIn extends Record<string, unknown>, TOut extends z.output<typeof admissionRequestForm>>({
  form,
  empty,
  isApplication,
  submitLabel,
  className,
  children,
}: Props<TIn, TOut>) {
  const submit = useSubmitAdmissionRequest();
  const selections = useSelections();

  if (submit.isSuccess) {
    const again = () => {
      submit.reset();
      form.reset(empty);
    };
    return (
      <Suspense fallback={null}>
        <Submitted message={submit.data.message} onAnother={again} />
      </Suspense>
    );
  }

  const onSubmit = form.handleSubmit((values) =>
    submit.mutate({ ...values, ...(isApplication ? { applicationForm: true } : {}), ...selections(values.course, values.centre) }),
  );
  return (
    <LightFormProvider form={form}>
      <form onSubmit={onSubmit} noValidate className={className}>
        {submit.isError && (
          <div className="sm:col-span-2">
            <FormAlert>{errorMessage(submit.error, ADMISSION_WEB_MSG.submitError)}</FormAlert>
          </div>
        )}
        {children}
        <div className="sm:col-span-2">
          <button type="submit" className={`${buttonClass.primary} w-full sm:w-auto`} disabled={!form.ready || submit.isPending}>
            {submit.isPending ? 'Submitting...' : submitLabel}
          </button>
        </div>
      </form>
    </LightFormProvider>
  );
}
