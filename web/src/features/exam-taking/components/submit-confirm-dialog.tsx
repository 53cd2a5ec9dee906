import { formatTimer } from '@app/common/rules/timer';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { PaperSection, Progress } from '../paper.ts';
import { SectionSummary } from './section-summary.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onConfirm: () => void;
  answered: number;
  total: number;
  seconds: number;
  sections: PaperSection[];
  questionIds: string[];
  progress: Progress;
};

/** docs/product.md section 2: Confirm Submission, with what is answered, the time left and the per-section counts. */
export function SubmitConfirmDialog({
  open,
  onOpenChange,
  busy,
  onConfirm,
  answered,
  total,
  seconds,
  sections,
  questionIds,
  progress,
}: Props) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Confirm Submission"
      tone="primary"
      confirmLabel="Submit"
      busyLabel="Submitting..."
      busy={busy}
      onConfirm={onConfirm}
      message={
        <div className="grid gap-2">
          <p>
            You have answered <strong>{answered}</strong> of <strong>{total}</strong> questions.
          </p>
          <p>
            Time remaining: <strong className="font-mono">{formatTimer(seconds)}</strong>
          </p>
          {answered < total && <p className="text-amber-800">{total - answered} question(s) are not answered.</p>}
          <SectionSummary sections={sections} questionIds={questionIds} progress={progress} />
          <p>Once submitted, you cannot change your answers.</p>
        </div>
      }
    />
  );
}
