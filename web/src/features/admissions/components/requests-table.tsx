import { formatDate } from '@app/common/rules/dates';
import type { AdmissionRequest } from '@app/common/schemas/admissions';
import { Check, Eye, Trash2, X } from 'lucide-react';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { centreLabel, courseLabel } from './request-details.tsx';
import { AdmissionStatusBadge } from './status-badge.tsx';

type Actions = {
  onView: (r: AdmissionRequest) => void;
  onApprove: (r: AdmissionRequest) => void;
  onReject: (r: AdmissionRequest) => void;
  onDelete: (r: AdmissionRequest) => void;
};

const action = 'inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium focus-visible:ring-2';

const applicant = (r: AdmissionRequest) => (
  <>
    <p className="font-medium text-slate-900">{r.fullName}</p>
    <p className="break-all text-slate-600 md:break-normal">{r.email}</p>
    <p className="text-slate-500">{r.phone}</p>
  </>
);

const columns: Column<AdmissionRequest>[] = [
  { header: 'Applicant', cell: applicant, hideInCard: true },
  { header: 'Course', cell: courseLabel },
  { header: 'Centre', cell: centreLabel },
  { header: 'Submitted', className: 'whitespace-nowrap', cell: (r) => formatDate(r.createdAt) },
  { header: 'Status', cell: (r) => <AdmissionStatusBadge status={r.status} />, hideInCard: true },
];

/**
 * Admission requests with View, Approve, Reject (pending only) and Delete (docs/product.md section 2):
 * a table from tablet width up, a card per request on a phone.
 */
export function RequestsTable({ requests, onView, onApprove, onReject, onDelete }: { requests: AdmissionRequest[] } & Actions) {
  return (
    <DataTable
      rows={requests}
      rowKey={(r) => r._id}
      columns={columns}
      caption="Admission requests"
      cardTitle={applicant}
      cardBadge={(r) => <AdmissionStatusBadge status={r.status} />}
      actions={(r) => (
        <div className="flex flex-wrap gap-1">
          <button
            type="button"
            className={`${action} text-brand-700 hover:bg-brand-50`}
            onClick={() => onView(r)}
            aria-label={`View ${r.fullName}`}
          >
            <Eye aria-hidden="true" className="h-4 w-4" /> View
          </button>
          {r.status === 'pending' && (
            <>
              <button
                type="button"
                className={`${action} text-green-700 hover:bg-green-50`}
                onClick={() => onApprove(r)}
                aria-label={`Approve ${r.fullName}`}
              >
                <Check aria-hidden="true" className="h-4 w-4" /> Approve
              </button>
              <button
                type="button"
                className={`${action} text-amber-800 hover:bg-amber-50`}
                onClick={() => onReject(r)}
                aria-label={`Reject ${r.fullName}`}
              >
                <X aria-hidden="true" className="h-4 w-4" /> Reject
              </button>
            </>
          )}
          <button
            type="button"
            className={`${action} text-red-700 hover:bg-red-50`}
            onClick={() => onDelete(r)}
            aria-label={`Delete ${r.fullName}`}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete
          </button>
        </div>
      )}
    />
  );
}
