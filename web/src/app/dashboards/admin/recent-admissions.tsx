import { RECENT_ADMISSIONS } from '@app/common/constants';
import { formatDate } from '@app/common/rules/dates';
import type { AdminStats, AdmissionRequest, ApproveAdmissionAnswer } from '@app/common/schemas/admissions';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
// The dashboard composes the admissions feature's own actions rather than copying them.
import { useApproveAdmission, useRejectAdmission } from '../../../features/admissions/api/admin-requests.ts';
import { ApprovalPanel } from '../../../features/admissions/components/approval-panel.tsx';
import { courseLabel } from '../../../features/admissions/components/request-details.tsx';
import { AdmissionStatusBadge } from '../../../features/admissions/components/status-badge.tsx';
import { ADMISSION_WEB_MSG } from '../../../features/admissions/messages.ts';

// docs/product.md section 4: the admin note sent from the dashboard.
const NOTES = { approve: 'Approved from dashboard', reject: 'Rejected from dashboard' } as const;

type Props = { isPending: boolean; isError: boolean; data?: AdminStats; refetch: () => unknown };

/** The 5 newest admission requests, Approve/Reject on pending rows only (docs/product.md section 2). */
export function RecentAdmissions({ isPending, isError, data, refetch }: Props) {
  const approve = useApproveAdmission();
  const reject = useRejectAdmission();
  const [target, setTarget] = useState<{ request: AdmissionRequest; action: 'approve' | 'reject' } | null>(null);
  const [approval, setApproval] = useState<ApproveAdmissionAnswer | null>(null);
  const busy = approve.isPending || reject.isPending;

  const decide = () => {
    if (!target) return;
    const { request, action } = target;
    const vars = { id: request._id, adminNotes: NOTES[action] };
    const onError = (err: unknown) =>
      toast.error(errorMessage(err, action === 'approve' ? ADMISSION_WEB_MSG.approveError : ADMISSION_WEB_MSG.rejectError));
    const done = () => setTarget(null);
    if (action === 'approve')
      approve.mutate(vars, {
        onSuccess: (r) => {
          toast.success(r.message);
          setApproval(r);
        },
        onError,
        onSettled: done,
      });
    else reject.mutate(vars, { onSuccess: (r) => toast.success(r.message), onError, onSettled: done });
  };

  const list = data?.recentAdmissions.slice(0, RECENT_ADMISSIONS) ?? [];
  return (
    <section aria-labelledby="recent-admissions" className="flex min-w-0 flex-col rounded-xl bg-white shadow-sm">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
        <h2 id="recent-admissions" className="font-semibold text-slate-800">
          Recent Admission Requests
        </h2>
        <Link
          to="/admin/admissions"
          className="text-sm font-medium text-brand-700 hover:underline"
          aria-label="View all admission requests"
        >
          View all
        </Link>
      </div>
      <div className="p-4">
        {approval && (
          <div className="mb-4">
            <ApprovalPanel result={approval} onDismiss={() => setApproval(null)} />
          </div>
        )}
        <QueryState
          compact
          query={{ isPending, isError, data, refetch }}
          errorText="Could not load the admission requests."
          isEmpty={() => list.length === 0}
          empty={<p className="py-4 text-center text-sm text-slate-600">No admission requests yet.</p>}
        >
          {() => (
            <ul className="divide-y divide-slate-100">
              {list.map((r) => (
                <li key={r._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0 break-words">
                    <Link to={`/admin/admissions/${r._id}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                      {r.fullName}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {courseLabel(r)} · {formatDate(r.createdAt)}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <AdmissionStatusBadge status={r.status} />
                    {r.status === 'pending' && (
                      <>
                        <button
                          type="button"
                          onClick={() => setTarget({ request: r, action: 'approve' })}
                          className="inline-flex items-center gap-1 rounded-md bg-green-700 px-2.5 py-1 text-xs font-semibold text-white hover:bg-green-800"
                          aria-label={`Approve ${r.fullName}`}
                        >
                          <Check aria-hidden="true" className="h-3.5 w-3.5" /> Approve
                        </button>
                        <button
                          type="button"
                          onClick={() => setTarget({ request: r, action: 'reject' })}
                          className="inline-flex items-center gap-1 rounded-md bg-red-700 px-2.5 py-1 text-xs font-semibold text-white hover:bg-red-800"
                          aria-label={`Reject ${r.fullName}`}
                        >
                          <X aria-hidden="true" className="h-3.5 w-3.5" /> Reject
                        </button>
                      </>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && !busy && setTarget(null)}
        title={target?.action === 'approve' ? 'Approve admission request' : 'Reject admission request'}
        message={
          target &&
          (target.action === 'approve'
            ? `Approve ${target.request.fullName}? A student account is created and the credentials are e-mailed to ${target.request.email}.`
            : `Reject the request of ${target.request.fullName}? They are told by e-mail.`)
        }
        confirmLabel={target?.action === 'approve' ? 'Approve' : 'Reject'}
        busyLabel={target?.action === 'approve' ? 'Approving...' : 'Rejecting...'}
        busy={busy}
        tone={target?.action === 'approve' ? 'primary' : 'danger'}
        onConfirm={decide}
      />
    </section>
  );
}
