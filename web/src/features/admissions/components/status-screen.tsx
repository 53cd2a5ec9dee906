import { FEE_TYPE_LABELS } from '@app/common/constants';
import { formatDate } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import type { AdmissionStatusAnswer } from '@app/common/schemas/admissions';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { useLightForm } from '../../../lib/light-form.tsx';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { useAdmissionStatusLookup } from '../api/admission-status.ts';
import { AdmissionStatusBadge } from './status-badge.tsx';
import { ADMISSION_WEB_MSG } from '../messages.ts';

// The e-mail and the phone number given on the form (the lookup needs both), under the shared rules,
// loaded after the first render (see light-form.tsx).
const lookupForm = () => import('@app/common/schemas/admissions').then((m) => m.admissionStatusForm);
type Form = { email: string; phone: string };

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function StatusResult({ data }: { data: AdmissionStatusAnswer }) {
  return (
    <section aria-labelledby="status-result" className="mt-6 rounded-xl bg-white p-6 shadow-md">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="status-result" className="text-xl font-semibold text-brand-800">
          {data.fullName}
        </h2>
        <AdmissionStatusBadge status={data.status} />
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Row label="Course">{data.course ?? 'Course no longer offered'}</Row>
        {data.courseDetails && (
          <Row label="Fees">
            {formatINR(data.courseDetails.price)} ({FEE_TYPE_LABELS[data.courseDetails.feeType]})
          </Row>
        )}
        <Row label="Submitted on">{formatDate(data.createdAt)}</Row>
        {data.approvedAt && <Row label="Approved on">{formatDate(data.approvedAt)}</Row>}
        {data.courseDetails?.description && (
          <div className="sm:col-span-2">
            <Row label="About the course">{data.courseDetails.description}</Row>
          </div>
        )}
        {data.adminNotes && (
          <div className="sm:col-span-2">
            <Row label="Notes from the institute">{data.adminNotes}</Row>
          </div>
        )}
      </dl>
      {data.status === 'approved' && (
        <p className="mt-4 rounded-md bg-green-50 p-3 text-sm text-green-900">
          Your login credentials have been sent to your e-mail address.{' '}
          <Link to="/login" className="font-semibold underline">
            Sign in
          </Link>
        </p>
      )}
      {data.status === 'pending' && (
        <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Your request is being reviewed. You will receive your login credentials by e-mail once it is approved.
        </p>
      )}
    </section>
  );
}

/** /admission-status: look up the newest admission request by e-mail and phone (docs/product.md sections 2, 5 and 8). */
export default function AdmissionStatusScreen() {
  usePageTitle('Admission Status');
  const { register, handleSubmit, formState, ready } = useLightForm<Form>({ schema: lookupForm, defaultValues: { email: '', phone: '' } });
  const lookup = useAdmissionStatusLookup();
  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-bold text-brand-800">Check Admission Status</h1>
      <p className="mt-1 text-slate-600">Enter the e-mail address and the phone number you gave on your admission request.</p>
      <form
        onSubmit={handleSubmit(({ email, phone }) => lookup.mutate({ email: email.trim().toLowerCase(), phone: phone.trim() }))}
        noValidate
        className="mt-6 flex flex-col gap-4 rounded-xl bg-white p-6 shadow-md"
      >
        {lookup.isError && <FormAlert>{errorMessage(lookup.error, ADMISSION_WEB_MSG.statusError)}</FormAlert>}
        <Field label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
        <Field label="Phone number" type="tel" autoComplete="tel" error={formState.errors.phone?.message} {...register('phone')} />
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className={buttonClass.primary} disabled={!ready || lookup.isPending}>
            {lookup.isPending ? 'Checking...' : 'Check Status'}
          </button>
          <Link to="/admission-request" className="text-sm font-medium text-brand-700 hover:underline">
            No request yet? Request admission
          </Link>
        </div>
      </form>
      {lookup.isSuccess && <StatusResult data={lookup.data} />}
    </section>
  );
}
