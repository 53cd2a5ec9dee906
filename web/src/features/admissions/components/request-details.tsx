import { BATCH_PREFERENCES } from '@app/common/constants';
import { formatDateTime } from '@app/common/rules/dates';
import { formatINR } from '@app/common/rules/money';
import type { AdmissionRequest } from '@app/common/schemas/admissions';
import type { ReactNode } from 'react';
import { AdmissionStatusBadge } from './status-badge.tsx';

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-line break-words text-slate-900">{children || '—'}</dd>
    </div>
  );
}

export const courseLabel = (r: AdmissionRequest) => r.selectedCourse?.name ?? r.courseName ?? 'Course removed';
export const centreLabel = (r: AdmissionRequest) => r.selectedCentre?.name ?? r.centre;

/** Every field of a request, the Application Form's answers included (docs/product.md section 3). */
export function RequestDetails({ request: r }: { request: AdmissionRequest }) {
  const a = r.application;
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-4 sm:grid-cols-2">
        <Item label="Status">
          <AdmissionStatusBadge status={r.status} />
        </Item>
        <Item label="Submitted">{formatDateTime(r.submittedAt ?? r.createdAt)}</Item>
        <Item label="Full name">{r.fullName}</Item>
        <Item label="Email">
          <a href={`mailto:${r.email}`} className="text-brand-700 hover:underline">
            {r.email}
          </a>
        </Item>
        <Item label="Phone">
          <a href={`tel:${r.phone.replace(/[^0-9+]/g, '')}`} className="text-brand-700 hover:underline">
            {r.phone}
          </a>
        </Item>
        <Item label="Education">{r.education}</Item>
        <Item label="Address" wide>
          {r.address}
        </Item>
        <Item label="Course">
          {courseLabel(r)}
          {r.selectedCourse && ` (${formatINR(r.selectedCourse.price)})`}
        </Item>
        <Item label="Centre">
          {centreLabel(r)}
          {r.selectedCentre && `, ${r.selectedCentre.location}`}
        </Item>
        <Item label="Reason" wide>
          {r.reason}
        </Item>
        {r.admissionNumber && <Item label="Admission number">{r.admissionNumber}</Item>}
        {r.batchYear && <Item label="Batch year">{r.batchYear}</Item>}
        {r.approvedAt && <Item label="Approved">{formatDateTime(r.approvedAt)}</Item>}
        {r.rejectedAt && <Item label="Rejected">{formatDateTime(r.rejectedAt)}</Item>}
        {r.adminNotes && (
          <Item label={r.noteIsForApplicant ? 'Admin notes (sent to the applicant)' : 'Admin notes (internal)'} wide>
            {r.adminNotes}
          </Item>
        )}
      </dl>
      <Guardians list={(r as { guardians?: GuardianLine[] | null }).guardians ?? []} />
      {a ? (
        <section aria-label="Application form answers" className="rounded-lg border border-slate-200 p-4">
          <h3 className="font-semibold text-brand-800">Application form</h3>
          <dl className="mt-3 grid gap-4 sm:grid-cols-2">
            <Item label="Batch preference">{BATCH_PREFERENCES[a.batchPreference] ?? a.batchPreference}</Item>
            <Item label="Last qualification">{a.lastQualification}</Item>
            <Item label="Institution">{a.institution}</Item>
            <Item label="Year of passing">{a.yearOfPassing}</Item>
            <Item label="Percentage">{`${a.percentage}%`}</Item>
            {/* Made from the guardians on a form sent with them (docs/product-parents.md "Guardians"). */}
            {a.emergencyContactName && <Item label="Emergency contact">{`${a.emergencyContactName} (${a.emergencyContactRelation})`}</Item>}
            {a.emergencyContactPhone && <Item label="Emergency contact phone">{a.emergencyContactPhone}</Item>}
          </dl>
        </section>
      ) : (
        <p className="text-sm text-slate-500">Sent with the short request form (no application form answers).</p>
      )}
    </div>
  );
}

type GuardianLine = { name: string; relation: string; phone?: string | null; email?: string | null };

/** The parents or guardians the request was sent with (docs/product-parents.md "Guardians"). */
function Guardians({ list }: { list: GuardianLine[] }) {
  if (list.length === 0) return null;
  return (
    <section aria-label="Guardians" className="rounded-lg border border-slate-200 p-4">
      <h3 className="font-semibold text-brand-800">Parent or guardian</h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {list.map((g) => (
          <li key={`${g.name}-${g.phone ?? g.email ?? ''}`} className="py-2">
            <span className="font-medium text-slate-900">{`${g.name} (${g.relation})`}</span>
            <span className="block text-slate-600">{[g.phone, g.email].filter(Boolean).join(' · ')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
