import { Check, Trash2, X } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { buttonClass } from '../../components/field.tsx';
import { EmptyState } from '../../components/states.tsx';
import { useAdmissionRequest } from './api/admin-requests.ts';
import { RequestDetails } from './components/request-details.tsx';
import { useAdmissionActions } from './components/use-admission-actions.tsx';
import { ADMISSION_WEB_MSG } from './messages.ts';
import { QueryState } from '../../components/query-state.tsx';

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
      <QueryState
        query={query}
        loadingText="Loading admission request..."
        errorText={(e) => errorMessage(e, ADMISSION_WEB_MSG.loadOneError)}
        errorView={(e) =>
          e instanceof ApiError && e.status === 404 ? (
            <EmptyState title="Admission request not found" hint="It may have been deleted." />
          ) : null
        }
      >
        {(request) => (
          <div className="rounded-xl bg-white p-6 shadow-sm">
            <h2 className="mb-4 text-xl font-semibold text-slate-900">{request.fullName}</h2>
            <RequestDetails request={request} />
          </div>
        )}
      </QueryState>
      {actions.dialogs}
    </AdminPage>
  );
}
