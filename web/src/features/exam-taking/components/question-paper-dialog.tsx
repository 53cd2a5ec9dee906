import type { ExamStudent } from '@app/common/schemas/exam-views';
import { Modal } from '../../../components/modal.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { PALETTE_LABELS, type PaperSection, type Progress, paletteStateOf } from '../paper.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  exam: ExamStudent;
  sections: PaperSection[];
  progress: Progress;
  onSelect: (index: number) => void;
};

/** "Question Paper": every question by section, with its state; choosing one opens it. */
export function QuestionPaperDialog({ open, onOpenChange, exam, sections, progress, onSelect }: Props) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Question Paper" size="xl">
      <div className="grid gap-6">
        {sections.map((s) => (
          <section key={s.id ?? 'all'} aria-label={s.title}>
            <h3 className="mb-2 font-semibold text-brand-800">{s.title}</h3>
            <ol className="grid gap-2">
              {s.indexes.map((i) => {
                const q = exam.questions[i];
                return (
                  <li key={q._id}>
                    <button
                      type="button"
                      onClick={() => onSelect(i)}
                      className="grid w-full grid-cols-[3rem_1fr] gap-2 rounded-md border border-slate-200 p-2 text-left hover:bg-slate-50"
                    >
                      <span className="font-semibold text-slate-800">Q{i + 1}</span>
                      <span className="min-w-0">
                        <RichText text={q.question} className="line-clamp-3 text-sm text-slate-900" />
                        <span className="text-xs text-slate-600">{PALETTE_LABELS[paletteStateOf(q._id, progress)]}</span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
          </section>
        ))}
      </div>
    </Modal>
  );
}
