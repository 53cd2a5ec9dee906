import { ADMISSION_STATUSES, type AdmissionRequest, type AdmissionStatus } from '@app/common/schemas/admissions';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { buttonClass } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useAdmissionRequests } from './api/admin-requests.ts';
import { RequestDetails } from './components/request-details.tsx';
import { RequestsTable } from './components/requests-table.tsx';
import { StatusTabs } from './components/status-tabs.tsx';
import { useAdmissionActions } from './components/use-admission-actions.tsx';
import { ADMISSION_WEB_MSG } from './messages.ts';

const emptyText: Record<AdmissionStatus, string> = {
  pending: 'No pending admission requests',
  approved: 'No approved admission requests',
  rejected: 'No rejected admission requests',
};

/** /admin/admissions: Admission Request Management (docs/product.md section 2). */
export default function AdminAdmissionsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: AdmissionStatus = ADMISSION_STATUSES.includes(raw as AdmissionStatus) ? (raw as AdmissionStatus) : 'pending';
  const list = useAdmissionRequests(status);
  const [viewing, setViewing] = useState<AdmissionRequest | null>(null);
  const actions = useAdmissionActions();

  const setStatus = (s: AdmissionStatus) => setParams(s === 'pending' ? {} : { status: s }, { replace: true });
  const closeAnd = (fn: (r: AdmissionRequest) => void) => (r: AdmissionRequest) => {
    setViewing(null);
    fn(r);
  };

  return (
    <AdminPage title="Admission Requests">
      {actions.panel && <div className="mb-6">{actions.panel}</div>}
      <StatusTabs value={status} onChange={setStatus} />
      <div id="admission-tabpanel" role="tabpanel" aria-labelledby={`tab-${status}`} className="mt-4">
        <QueryState
          query={list}
          loadingText="Loading admission requests..."
          errorText={(e) => errorMessage(e, ADMISSION_WEB_MSG.loadError)}
          isEmpty={(d) => d.length === 0}
          empty={emptyText[status]}
          emptyHint={status === 'pending' ? 'New requests from the website appear here.' : undefined}
        >
          {(requests) => (
            <RequestsTable
              requests={requests}
              onView={setViewing}
              onApprove={actions.approve}
              onReject={actions.reject}
              onDelete={actions.remove}
            />
          )}
        </QueryState>
      </div>
      <Modal
        open={viewing !== null}
        onOpenChange={(open) => !open && setViewing(null)}
        title="Admission request details"
        description={viewing ? `${viewing.fullName} · ${viewing.email}` : undefined}
        size="lg"
        footer={
          viewing && (
            <>
              <Link to={`/admin/admissions/${viewing._id}`} className={buttonClass.secondary}>
                <ExternalLink aria-hidden="true" className="h-4 w-4" /> Open page
              </Link>
              {viewing.status === 'pending' && (
                <>
                  <button type="button" className={buttonClass.danger} onClick={() => closeAnd(actions.reject)(viewing)}>
                    Reject
                  </button>
                  <button type="button" className={buttonClass.primary} onClick={() => closeAnd(actions.approve)(viewing)}>
                    Approve
                  </button>
                </>
              )}
            </>
          )
        }
      >
        {viewing && <RequestDetails request={viewing} />}
      </Modal>
      {actions.dialogs}
    </AdminPage>
  );
}
