import { formatDate } from '@app/common/rules/dates';
import { ENQUIRY_MSG, ENQUIRY_SOURCE_LABELS, type EnquiryDetail, LOST_REASON_LABELS } from '@app/common/schemas/enquiries';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { Badge } from '../../components/badge.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useEnquiry } from './api/enquiries.ts';
import { ActivityForm } from './components/activity-form.tsx';
import { ActivityHistory } from './components/activity-history.tsx';
import { ContactButtons } from './components/contact-buttons.tsx';
import { ManageForm } from './components/manage-form.tsx';
import { StageBadge } from './components/stage-badge.tsx';
import { DESK_MSG } from './messages.ts';

const card = 'min-w-0 rounded-xl bg-white p-5 shadow-sm';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Details({ e }: { e: EnquiryDetail }) {
  return (
    <section aria-labelledby="enquiry-name" className={card}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="enquiry-name" className="text-xl font-semibold text-slate-900">
          {e.name}
        </h2>
        <div className="flex flex-wrap gap-2">
          <StageBadge stage={e.stage} />
          {e.stale && <Badge tone="amber">{DESK_MSG.stale}</Badge>}
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <ContactButtons name={e.name} phone={e.phone} />
      </div>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <Row label="Phone">{e.phone}</Row>
        <Row label="Email">
          {e.email ? (
            <a href={`mailto:${e.email}`} className="break-all text-brand-700 hover:underline">
              {e.email}
            </a>
          ) : (
            '—'
          )}
        </Row>
        <Row label="Class or year">{e.classYear ?? '—'}</Row>
        <Row label="Course">{e.course?.name ?? 'Not decided'}</Row>
        <Row label="Centre">{e.centre?.name ?? 'Any centre'}</Row>
        <Row label="Source">{ENQUIRY_SOURCE_LABELS[e.source]}</Row>
        {e.stage === 'lost' && e.lostReason && <Row label="Lost because">{LOST_REASON_LABELS[e.lostReason]}</Row>}
        <Row label="Owner">{e.owner?.name ?? 'Nobody'}</Row>
        <Row label="Enquired on">{formatDate(e.createdAt)}</Row>
        <Row label="Last touched">{formatDate(e.lastActivityAt)}</Row>
      </dl>
      {e.message && (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-700">Their message</h3>
          <p className="mt-1 whitespace-pre-wrap text-slate-800">{e.message}</p>
        </div>
      )}
    </section>
  );
}

/** /admin/enquiries/{id}: one enquiry, its stage, owner and follow-up, what has been done and the form to log the next. */
export default function EnquiryDetailPage() {
  const { id = '' } = useParams();
  const query = useEnquiry(id);
  return (
    <AdminPage title="Enquiry" back="/admin/enquiries" backLabel="Back to enquiries">
      <QueryState
        query={query}
        loadingText="Loading the enquiry..."
        errorText={(err) => errorMessage(err, DESK_MSG.oneError)}
        errorView={(err) =>
          // Another centre's enquiry is not this desk's to know of: the same answer as an unknown one.
          err instanceof ApiError && [400, 403, 404].includes(err.status) ? (
            <div className="flex flex-col items-center gap-3 rounded-xl bg-white p-10 text-center shadow-sm">
              <h2 className="text-xl font-semibold text-slate-800">{ENQUIRY_MSG.notFound}</h2>
              <p className="text-slate-600">It may be of a centre you do not work with, or the link is wrong.</p>
              <Link to="/admin/enquiries" className="font-medium text-brand-700 hover:underline">
                Back to enquiries
              </Link>
            </div>
          ) : null
        }
      >
        {(e) => (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <div className="flex min-w-0 flex-col gap-6">
              <Details e={e} />
              <section aria-labelledby="manage-heading" className={card}>
                <h2 id="manage-heading" className="mb-4 text-lg font-semibold text-slate-900">
                  Stage and follow-up
                </h2>
                <ManageForm key={`${e._id}-${e.lastActivityAt}`} enquiry={e} />
              </section>
            </div>
            <div className="flex min-w-0 flex-col gap-6">
              <section aria-labelledby="log-heading" className={card}>
                <h2 id="log-heading" className="mb-4 text-lg font-semibold text-slate-900">
                  Log a call, visit or note
                </h2>
                <ActivityForm enquiryId={e._id} />
              </section>
              <section aria-labelledby="history-heading" className={card}>
                <h2 id="history-heading" className="mb-4 text-lg font-semibold text-slate-900">
                  History
                </h2>
                <ActivityHistory activities={e.activities} />
              </section>
            </div>
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}
