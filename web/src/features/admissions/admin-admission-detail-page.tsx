import { Check, Trash2, X } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { buttonClass } from '../../components/field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { EmptyState, ErrorState } from '../../components/states.tsx';
import { useAdmissionRequest } from './api/admin-requests.ts';
import { RequestDetails } from './components/request-details.tsx';
import { useAdmissionActions } from './components/use-admission-actions.tsx';
import { ADMISSION_WEB_MSG } from './messages.ts';

/** /admin/admissions/{id}: one request's details with the same actions as the list. */
export default function AdminAdmissionDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useAdmissionRequest(id);
  const actions = useAdmissionActions({ onDeleted: () => navigate('/admin/admissions') });
  const r = query.data;

  return (
    <AdminPage
      title="Admission Request"
      back="/admin/admissions"
      backLabel="Back to admission requests"
      actions={
        r && (
          <>
            {r.status === 'pending' && (
              <>
                <button type="button" className={buttonClass.primary} onClick={() => actions.approve(r)}>
                  <Check aria-hidden="true" className="h-4 w-4" /> Approve
                </button>
                <button type="button" className={buttonClass.secondary} onClick={() => actions.reject(r)}>
                  <X aria-hidden="true" className="h-4 w-4" /> Reject
                </button>
              </>
            )}
            <button type="button" className={buttonClass.danger} onClick={() => actions.remove(r)}>
              <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete
            </button>
          </>
        )
      }
    >
      {actions.panel && <div className="mb-6">{actions.panel}</div>}
      {query.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading admission request..." />
        </div>
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <EmptyState title="Admission request not found" hint="It may have been deleted." />
        ) : (
          <ErrorState message={errorMessage(query.error, ADMISSION_WEB_MSG.loadOneError)} onRetry={() => query.refetch()} />
        )
      ) : (
        <div className="rounded-xl bg-white p-6 shadow-sm">
          <h2 className="mb-4 text-xl font-semibold text-slate-900">{query.data.fullName}</h2>
          <RequestDetails request={query.data} />
        </div>
      )}
      {actions.dialogs}
    </AdminPage>
  );
}
