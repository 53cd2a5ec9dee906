import { formatDate } from '@app/common/rules/dates';
import type { AdmissionRequest } from '@app/common/schemas/admissions';
import { Check, Eye, Trash2, X } from 'lucide-react';
import { centreLabel, courseLabel } from './request-details.tsx';
import { AdmissionStatusBadge } from './status-badge.tsx';

type Actions = {
  onView: (r: AdmissionRequest) => void;
  onApprove: (r: AdmissionRequest) => void;
  onReject: (r: AdmissionRequest) => void;
  onDelete: (r: AdmissionRequest) => void;
};

const action = 'inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium focus-visible:ring-2';

/** Admission requests with View, Approve, Reject (pending only) and Delete (SPEC.md section 2). */
export function RequestsTable({ requests, onView, onApprove, onReject, onDelete }: { requests: AdmissionRequest[] } & Actions) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">
              Applicant
            </th>
            <th scope="col" className="px-4 py-3">
              Course
            </th>
            <th scope="col" className="px-4 py-3">
              Centre
            </th>
            <th scope="col" className="px-4 py-3">
              Submitted
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {requests.map((r) => (
            <tr key={r._id} className="align-top">
              <td className="px-4 py-3">
                <p className="font-medium text-slate-900">{r.fullName}</p>
                <p className="text-slate-600">{r.email}</p>
                <p className="text-slate-500">{r.phone}</p>
              </td>
              <td className="px-4 py-3">{courseLabel(r)}</td>
              <td className="px-4 py-3">{centreLabel(r)}</td>
              <td className="whitespace-nowrap px-4 py-3">{formatDate(r.createdAt)}</td>
              <td className="px-4 py-3">
                <AdmissionStatusBadge status={r.status} />
              </td>
              <td className="px-4 py-3">
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
