import type { AdmissionRequest, ApproveAdmissionAnswer } from '@app/common/schemas/admissions';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDeleteAdmission } from '../api/admin-requests.ts';
import { ADMISSION_WEB_MSG } from '../messages.ts';
import { ApprovalPanel } from './approval-panel.tsx';
import { DecisionDialog, type DecisionTarget } from './decision-dialog.tsx';

/**
 * The actions on admission requests shared by the list and the detail screen: the approve/reject
 * confirmation, the delete confirmation and the panel shown after an approval.
 */
export function useAdmissionActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const [decision, setDecision] = useState<DecisionTarget | null>(null);
  const [toDelete, setToDelete] = useState<AdmissionRequest | null>(null);
  const [approval, setApproval] = useState<ApproveAdmissionAnswer | null>(null);
  const remove = useDeleteAdmission();

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete._id, {
      onSuccess: (data) => {
        toast.success(data.message);
        setToDelete(null);
        onDeleted?.();
      },
      onError: (err) => toast.error(errorMessage(err, ADMISSION_WEB_MSG.deleteError)),
    });
  };

  const dialogs = (
    <>
      <DecisionDialog target={decision} onClose={() => setDecision(null)} onApproved={setApproval} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && !remove.isPending && setToDelete(null)}
        title="Delete admission request"
        message={
          toDelete && (
            <p>
              Delete the request of <strong>{toDelete.fullName}</strong> ({toDelete.email})? This cannot be undone.
            </p>
          )
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );

  const panel = approval && <ApprovalPanel result={approval} onDismiss={() => setApproval(null)} />;

  return {
    approve: (request: AdmissionRequest) => setDecision({ request, action: 'approve' }),
    reject: (request: AdmissionRequest) => setDecision({ request, action: 'reject' }),
    remove: (request: AdmissionRequest) => setToDelete(request),
    dialogs,
    panel,
  };
}
