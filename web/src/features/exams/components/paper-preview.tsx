import { penaltyOf } from '@app/common/rules/marking';
import { defaultInstructions } from '@app/common/rules/instructions';
import { Modal } from '../../../components/modal.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import type { SectionDraft } from './paper-draft.ts';
import { marksOf, ownPenaltyOf, type QuestionDraft } from './question-draft.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; title: string; sections: SectionDraft[]; negativeMarks: number };

/** The paper as a student reads it: sections, passages rendered as formatted text, questions with their options and marks. */
export function PaperPreview({ open, onOpenChange, title, sections, negativeMarks }: Props) {
  let n = 0;
  const all = sections.flatMap((s) => [...s.passages.flatMap((p) => p.questions), ...s.questions]);
  const question = (q: QuestionDraft) => {
    n += 1;
    const penalty = penaltyOf(ownPenaltyOf(q), negativeMarks);
    return (
      <li key={q.key} className="rounded-lg border border-slate-200 bg-white p-3">
        <p className="text-sm font-semibold text-brand-800">
          Question {n} · {marksOf(q)} {marksOf(q) === 1 ? 'mark' : 'marks'}
          {q.type === 'mcq' && penalty > 0 ? ` · −${penalty} if wrong` : ''}
        </p>
        <RichText text={q.question} className="mt-1 text-slate-900" />
        {q.type === 'mcq' && (
          <ol className="mt-2 grid gap-1 text-sm">
            {q.options
              .filter((o) => o.trim())
              .map((o, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: option slots are fixed positions
                <li key={`${q.key}-${i}`} className="rounded-md border border-slate-200 p-2">
                  <span className="font-semibold">{String.fromCharCode(65 + i)}.</span> <RichText inline text={o} />
                </li>
              ))}
          </ol>
        )}
      </li>
    );
  };
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={`Preview: ${title || 'Untitled exam'}`} size="xl">
      <div className="grid gap-6">
        <ul className="list-disc pl-5 text-sm text-slate-700">
          {defaultInstructions(all.map((q) => (q.type === 'mcq' ? penaltyOf(ownPenaltyOf(q), negativeMarks) : 0))).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {sections.map((s) => (
          <section key={s.key} aria-label={s.title || 'Section'} className="grid gap-3">
            <h3 className="text-lg font-bold text-brand-800">{s.title || 'Untitled section'}</h3>
            {s.instructions && <p className="text-sm text-slate-700">{s.instructions}</p>}
            {s.passages.map((p) => (
              <div key={p.key} className="grid gap-3 lg:grid-cols-2">
                <div className="max-h-96 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3">
                  <RichText text={p.body} className="text-slate-900" />
                </div>
                <ol className="grid content-start gap-2">{p.questions.map(question)}</ol>
              </div>
            ))}
            {s.questions.length > 0 && <ol className="grid gap-2">{s.questions.map(question)}</ol>}
          </section>
        ))}
      </div>
    </Modal>
  );
}
