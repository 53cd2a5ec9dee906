import { ArrowDown, ArrowUp, Library, Plus, Shuffle, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/field.tsx';
import { BankPicker, DrawDialog } from './bank-picker.tsx';
import { ImageUploadButton } from './image-upload-button.tsx';
import {
  bankIdsOf,
  moved,
  newPassage,
  newSection,
  type PassageDraft,
  type SectionDraft,
  sectionQuestions,
  withBankQuestions,
} from './paper-draft.ts';
import type { QuestionDraft } from './question-draft.ts';
import { QuestionEditor } from './question-editor.tsx';
import { QuestionList } from './question-list.tsx';

type Target = { section: string; passage: string | null; draft: QuestionDraft | null };

const iconButton =
  'rounded-md border border-slate-300 bg-white p-2 text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40';
const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100';

type Props = { sections: SectionDraft[]; onChange: (sections: SectionDraft[]) => void; locked: boolean };

/**
 * The paper by sections: each section holds passages (each with its questions) and standalone
 * questions; everything can be added, removed and moved with buttons (docs/product-papers.md).
 */
export function PaperEditor({ sections, onChange, locked }: Props) {
  const [target, setTarget] = useState<Target | null>(null);
  /** The section the bank picker or the draw adds to. */
  const [fromBank, setFromBank] = useState<{ section: string; mode: 'pick' | 'draw' } | null>(null);
  const bankSection = sections.find((s) => s.key === fromBank?.section);
  const addFromBank = (picked: Parameters<typeof withBankQuestions>[1]) =>
    fromBank && updateSection(fromBank.section, (s) => withBankQuestions(s, picked));
  const updateSection = (key: string, patch: (s: SectionDraft) => SectionDraft) =>
    onChange(sections.map((s) => (s.key === key ? patch(s) : s)));
  const updatePassage = (sKey: string, pKey: string, patch: (p: PassageDraft) => PassageDraft) =>
    updateSection(sKey, (s) => ({ ...s, passages: s.passages.map((p) => (p.key === pKey ? patch(p) : p)) }));

  const saveQuestion = (t: Target, draft: QuestionDraft) => {
    const put = (list: QuestionDraft[]) =>
      list.some((q) => q.key === draft.key) ? list.map((q) => (q.key === draft.key ? draft : q)) : [...list, draft];
    if (t.passage) updatePassage(t.section, t.passage, (p) => ({ ...p, questions: put(p.questions) }));
    else updateSection(t.section, (s) => ({ ...s, questions: put(s.questions) }));
    setTarget(t.draft ? null : { ...t, draft: null });
  };

  const questionBlock = (s: SectionDraft, passage: PassageDraft | null, list: QuestionDraft[], setList: (l: QuestionDraft[]) => void) => {
    const here = target && target.section === s.key && target.passage === (passage?.key ?? null) ? target : null;
    return (
      <div className="grid gap-2">
        <QuestionList
          questions={list}
          editingKey={here?.draft?.key ?? null}
          locked={locked}
          onMove={(i, by) => setList(moved(list, i, by))}
          onEdit={(draft) => setTarget({ section: s.key, passage: passage?.key ?? null, draft })}
          onRemove={(i) => setList(list.filter((_, j) => j !== i))}
        />
        {here && !locked ? (
          <>
            <QuestionEditor
              editing={here.draft}
              number={here.draft ? list.findIndex((q) => q.key === here.draft?.key) + 1 : list.length + 1}
              onSave={(d) => saveQuestion(here, d)}
              onCancelEdit={() => setTarget(null)}
            />
            <button type="button" className={`${buttonClass.secondary} justify-self-start`} onClick={() => setTarget(null)}>
              Done adding questions
            </button>
          </>
        ) : (
          !locked && (
            <button
              type="button"
              className={`${buttonClass.secondary} justify-self-start`}
              onClick={() => setTarget({ section: s.key, passage: passage?.key ?? null, draft: null })}
            >
              <Plus aria-hidden="true" className="h-4 w-4" /> {passage ? 'Add question to this passage' : 'Add standalone question'}
            </button>
          )
        )}
      </div>
    );
  };

  return (
    <div className="grid gap-4">
      {sections.map((s, si) => (
        <SectionCard
          key={s.key}
          section={s}
          index={si}
          count={sections.length}
          locked={locked}
          onChange={(patch) => updateSection(s.key, (x) => ({ ...x, ...patch }))}
          onMove={(by) => onChange(moved(sections, si, by))}
          onRemove={() => onChange(sections.filter((x) => x.key !== s.key))}
        >
          {s.passages.map((p, pi) => (
            <div key={p.key} className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h5 className="font-semibold text-slate-800">Passage {pi + 1}</h5>
                <OrderButtons
                  what={`passage ${pi + 1}`}
                  index={pi}
                  count={s.passages.length}
                  locked={locked}
                  onMove={(by) => updateSection(s.key, (x) => ({ ...x, passages: moved(x.passages, pi, by) }))}
                  onRemove={() => updateSection(s.key, (x) => ({ ...x, passages: x.passages.filter((y) => y.key !== p.key) }))}
                />
              </div>
              <PassageBody value={p.body} index={pi} onChange={(body) => updatePassage(s.key, p.key, (x) => ({ ...x, body }))} />
              {questionBlock(s, p, p.questions, (questions) => updatePassage(s.key, p.key, (x) => ({ ...x, questions })))}
            </div>
          ))}
          {!locked && (
            <button
              type="button"
              className={`${buttonClass.secondary} justify-self-start`}
              onClick={() => updateSection(s.key, (x) => ({ ...x, passages: [...x.passages, newPassage()] }))}
            >
              <Plus aria-hidden="true" className="h-4 w-4" /> Add passage
            </button>
          )}
          <h5 className="text-sm font-semibold text-slate-700">Standalone questions</h5>
          {questionBlock(s, null, s.questions, (questions) => updateSection(s.key, (x) => ({ ...x, questions })))}
          {!locked && (
            <div className="flex flex-wrap gap-2">
              <button type="button" className={buttonClass.secondary} onClick={() => setFromBank({ section: s.key, mode: 'pick' })}>
                <Library aria-hidden="true" className="h-4 w-4" /> Add from bank
              </button>
              <button type="button" className={buttonClass.secondary} onClick={() => setFromBank({ section: s.key, mode: 'draw' })}>
                <Shuffle aria-hidden="true" className="h-4 w-4" /> Draw N questions
              </button>
            </div>
          )}
        </SectionCard>
      ))}
      {!locked && (
        <button
          type="button"
          className={`${buttonClass.secondary} justify-self-start`}
          onClick={() => onChange([...sections, newSection()])}
        >
          <Plus aria-hidden="true" className="h-4 w-4" /> Add section
        </button>
      )}
      <BankPicker
        open={fromBank?.mode === 'pick'}
        onOpenChange={(open) => !open && setFromBank(null)}
        sectionTitle={bankSection?.title ?? ''}
        inPaper={bankIdsOf(sections)}
        onAdd={addFromBank}
      />
      <DrawDialog
        open={fromBank?.mode === 'draw'}
        onOpenChange={(open) => !open && setFromBank(null)}
        sectionTitle={bankSection?.title ?? ''}
        inPaper={bankIdsOf(sections)}
        onAdd={addFromBank}
      />
    </div>
  );
}

function PassageBody({ value, index, onChange }: { value: string; index: number; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Passage {index + 1} text
      </label>
      <textarea id={id} rows={6} className={inputClass} value={value} onChange={(e) => onChange(e.target.value)} />
      <ImageUploadButton label="Insert image in the passage" onUploaded={(md) => onChange(`${value}\n\n${md}`.trim())} />
    </div>
  );
}

type OrderProps = {
  /** What the buttons move, for screen readers: "section 2", "passage 1". */
  what: string;
  index: number;
  count: number;
  locked: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
};

/** Up, down and remove: the same three buttons order the sections and each section's passages. */
function OrderButtons({ what, index, count, locked, onMove, onRemove }: OrderProps) {
  return (
    <div className="flex gap-1">
      <button
        type="button"
        className={iconButton}
        disabled={locked || index === 0}
        aria-label={`Move ${what} up`}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" className="h-4 w-4" />
      </button>
      <button
        type="button"
        className={iconButton}
        disabled={locked || index === count - 1}
        aria-label={`Move ${what} down`}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" className="h-4 w-4" />
      </button>
      <button type="button" className={`${iconButton} text-red-700`} disabled={locked} aria-label={`Remove ${what}`} onClick={onRemove}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}

type CardProps = {
  section: SectionDraft;
  index: number;
  count: number;
  locked: boolean;
  onChange: (patch: Partial<SectionDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  children: React.ReactNode;
};

function SectionCard({ section, index, count, locked, onChange, onMove, onRemove, children }: CardProps) {
  const id = useId();
  const n = sectionQuestions(section).length;
  const expected = section.expected;
  const outside = expected && (n < expected.min || n > expected.max);
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border border-brand-100 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${id}-title`} className="font-bold text-brand-800">
          Section {index + 1}: {section.title || 'Untitled'}{' '}
          <span className={`text-sm font-normal ${outside ? 'text-amber-800' : 'text-slate-600'}`}>
            ({n} question{n === 1 ? '' : 's'}
            {expected ? `; expected ${expected.min === expected.max ? expected.min : `${expected.min}-${expected.max}`}` : ''})
          </span>
        </h4>
        <OrderButtons what={`section ${index + 1}`} index={index} count={count} locked={locked} onMove={onMove} onRemove={onRemove} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-700">
            Section title
          </label>
          <input id={`${id}-name`} className={inputClass} value={section.title} onChange={(e) => onChange({ title: e.target.value })} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-instructions`} className="text-sm font-medium text-slate-700">
            Section instructions (optional)
          </label>
          <input
            id={`${id}-instructions`}
            className={inputClass}
            value={section.instructions}
            onChange={(e) => onChange({ instructions: e.target.value })}
          />
        </div>
      </div>
      {children}
    </section>
  );
}
