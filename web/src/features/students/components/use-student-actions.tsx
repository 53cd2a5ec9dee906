import type { StudentListItem } from '@app/common/schemas/users';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useDeleteStudent, useResetStudentPassword, useSetStudentActive } from '../api/students.ts';
import { STUDENT_WEB_MSG } from '../messages.ts';
import { DeleteStudentDialog } from './delete-student-dialog.tsx';

type Student = Pick<StudentListItem, '_id' | 'fullName' | 'email' | 'isActive'>;

/** Activate/Deactivate, Reset Pwd and Delete with the spec's messages (docs/product.md sections 5 and 8). */
export function useStudentActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const setActive = useSetStudentActive();
  const reset = useResetStudentPassword();
  const remove = useDeleteStudent();
  const [toReset, setToReset] = useState<Student | null>(null);
  const [toDelete, setToDelete] = useState<Student | null>(null);

  const toggle = (s: Student) =>
    setActive.mutate(
      { id: s._id, isActive: !s.isActive },
      {
        onSuccess: () => toast.success(`${s.fullName} ${s.isActive ? 'deactivated' : 'activated'}`),
        onError: () => toast.error(STUDENT_WEB_MSG.statusError),
      },
    );

  const confirmReset = () => {
    if (!toReset) return;
    const s = toReset;
    reset.mutate(s._id, {
      onSuccess: (data) => {
        if (data.emailSent && s.email) toast.success(STUDENT_WEB_MSG.resetSuccess(s.email));
        else toast.warning(data.message);
        setToReset(null);
      },
      onError: () => toast.error(STUDENT_WEB_MSG.resetError),
    });
  };

  const confirmDelete = (s: Pick<Student, '_id' | 'fullName'>) =>
    remove.mutate(s._id, {
      onSuccess: () => {
        toast.success(STUDENT_WEB_MSG.deleteSuccess(s.fullName));
        setToDelete(null);
        onDeleted?.();
      },
      onError: (err) =>
        toast.error(err instanceof ApiError && err.status > 0 ? STUDENT_WEB_MSG.deleteFailed(err.message) : STUDENT_WEB_MSG.deleteError),
    });

  const dialogs = (
    <>
      <ConfirmDialog
        open={toReset !== null}
        onOpenChange={(open) => !open && !reset.isPending && setToReset(null)}
        title="Reset password"
        message={
          toReset && (
            <p>
              Reset the password of <strong>{toReset.fullName}</strong>? A new temporary password is e-mailed to {toReset.email} and the old
              one stops working.
            </p>
          )
        }
        confirmLabel="Reset password"
        busyLabel="Resetting..."
        busy={reset.isPending}
        tone="primary"
        onConfirm={confirmReset}
      />
      <DeleteStudentDialog
        student={toDelete}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirmed={confirmDelete}
        onWrongWord={() => {
          toast.error(STUDENT_WEB_MSG.deleteCancelled);
          setToDelete(null);
        }}
      />
    </>
  );

  return {
    toggle,
    reset: (s: Student) => setToReset(s),
    remove: (s: Student) => setToDelete(s),
    busyId: setActive.isPending ? setActive.variables?.id : undefined,
    dialogs,
  };
}
