import type { StudentListItem } from '@app/common/schemas/users';
import { useEffect, useId, useState } from 'react';
import { buttonClass } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { DELETE_WORD } from '../messages.ts';

type Student = Pick<StudentListItem, '_id' | 'fullName' | 'email'>;

/**
 * Permanent delete (docs/product.md section 5): a confirmation, then typing exactly DELETE. Any other word is
 * reported by the caller as a cancelled deletion; Cancel just closes.
 */
export function DeleteStudentDialog({
  student,
  busy,
  onCancel,
  onConfirmed,
  onWrongWord,
}: {
  student: Student | null;
  busy: boolean;
  onCancel: () => void;
  onConfirmed: (s: Student) => void;
  onWrongWord: () => void;
}) {
  const [step, setStep] = useState<'confirm' | 'type'>('confirm');
  const [word, setWord] = useState('');
  const inputId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: start over for each student
  useEffect(() => {
    setStep('confirm');
    setWord('');
  }, [student?._id]);

  if (!student) return null;
  const submitWord = (e: React.FormEvent) => {
    e.preventDefault();
    if (word === DELETE_WORD) onConfirmed(student);
    else onWrongWord();
  };
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !busy && onCancel()}
      title="Delete student permanently"
      size="sm"
      footer={
        step === 'confirm' ? (
          <>
            <button type="button" className={buttonClass.secondary} onClick={onCancel}>
              Cancel
            </button>
            <button key="continue" type="button" className={buttonClass.danger} onClick={() => setStep('type')}>
              Continue
            </button>
          </>
        ) : (
          <>
            <button type="button" className={buttonClass.secondary} onClick={onCancel} disabled={busy}>
              Cancel
            </button>
            <button key="submit" type="submit" form={`${inputId}-form`} className={buttonClass.danger} disabled={busy}>
              {busy ? 'Deleting...' : 'Delete permanently'}
            </button>
          </>
        )
      }
    >
      {step === 'confirm' ? (
        <p className="text-slate-700">
          Are you sure you want to permanently delete <strong>{student.fullName}</strong> ({student.email})? Their account and everything
          that belongs only to it are removed. This cannot be undone.
        </p>
      ) : (
        <form id={`${inputId}-form`} onSubmit={submitWord} className="flex flex-col gap-2">
          <label htmlFor={inputId} className="text-slate-700">
            Type <strong>{DELETE_WORD}</strong> to confirm the deletion of {student.fullName}.
          </label>
          <input
            id={inputId}
            value={word}
            onChange={(e) => setWord(e.target.value)}
            autoComplete="off"
            // biome-ignore lint/a11y/noAutofocus: the dialog's only field; focus goes there as it opens
            autoFocus
            className="rounded-md border border-slate-300 px-3 py-2 font-mono shadow-sm focus:border-red-600 focus:outline-none focus:ring-2 focus:ring-red-100"
          />
        </form>
      )}
    </Modal>
  );
}
