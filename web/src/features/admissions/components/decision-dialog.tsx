import type { AdmissionRequest, ApproveAdmissionAnswer } from '@app/common/schemas/admissions';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../components/field.tsx';
import { useApproveAdmission, useRejectAdmission } from '../api/admin-requests.ts';
import { ADMISSION_WEB_MSG } from '../messages.ts';
import { BatchChoice } from './batch-choice.tsx';
import { courseLabel } from './request-details.tsx';

export type DecisionTarget = { request: AdmissionRequest; action: 'approve' | 'reject' };

/** The approve/reject confirmation with optional admin notes (docs/product.md section 2). */
export function DecisionDialog({
  target,
  onClose,
  onApproved,
}: {
  target: DecisionTarget | null;
  onClose: () => void;
  onApproved: (result: ApproveAdmissionAnswer) => void;
}) {
  const [notes, setNotes] = useState('');
  const [forApplicant, setForApplicant] = useState(false);
  const [batch, setBatch] = useState('');
  const approve = useApproveAdmission();
  const reject = useRejectAdmission();
  const notesId = useId();
  const isApprove = target?.action === 'approve';
  const mutation = isApprove ? approve : reject;

  const close = () => {
    setNotes('');
    setForApplicant(false);
    approve.reset();
    reject.reset();
    onClose();
  };

  const confirm = () => {
    if (!target) return;
    const vars = { id: target.request._id, adminNotes: notes.trim() || null, noteIsForApplicant: forApplicant };
    if (isApprove) {
      approve.mutate(
        { ...vars, batch: batch || null },
        {
          onSuccess: (result) => {
            toast.success(result.message);
            onApproved(result);
            close();
          },
        },
      );
    } else {
      reject.mutate(vars, {
        onSuccess: (result) => {
          toast.success(result.message);
          close();
        },
      });
    }
  };

  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && !mutation.isPending && close()}
      title={isApprove ? 'Approve admission request' : 'Reject admission request'}
      message={
        target &&
        (isApprove ? (
          <p>
            Approve <strong>{target.request.fullName}</strong> for {courseLabel(target.request)}? A student account is created and the login
            credentials are e-mailed to {target.request.email}.
          </p>
        ) : (
          <p>
            Reject the request of <strong>{target.request.fullName}</strong>? They are told by e-mail.
          </p>
        ))
      }
      confirmLabel={isApprove ? 'Approve' : 'Reject'}
      busyLabel={isApprove ? 'Approving...' : 'Rejecting...'}
      busy={mutation.isPending}
      tone={isApprove ? 'primary' : 'danger'}
      onConfirm={confirm}
    >
      {isApprove && target && <BatchChoice request={target.request} value={batch} onChange={setBatch} />}
      <div className="mt-4 flex flex-col gap-1">
        <label htmlFor={notesId} className="text-sm font-medium text-slate-700">
          Admin notes (optional)
        </label>
        <textarea
          id={notesId}
          rows={3}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          className="rounded-md border border-slate-300 px-3 py-2 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
        />
        {/* Notes are internal unless the admin says otherwise (docs/product.md section 2). */}
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4" checked={forApplicant} onChange={(e) => setForApplicant(e.target.checked)} />
          Send this note to the applicant (otherwise it stays internal)
        </label>
      </div>
      {mutation.isError && (
        <div className="mt-3">
          <FormAlert>{errorMessage(mutation.error, isApprove ? ADMISSION_WEB_MSG.approveError : ADMISSION_WEB_MSG.rejectError)}</FormAlert>
        </div>
      )}
    </ConfirmDialog>
  );
}
