import { plural } from '@app/common/rules/text';
import type { BankQuestion } from '@app/common/schemas/question-bank';
import { useEffect, useId, useState } from 'react';
import { DIFFICULTY_OPTIONS, useBankDraw, useBankQuestions } from '../../../api/question-bank.ts';
import { BankFilters, type BankFilterValues, NO_BANK_FILTERS } from '../../../components/bank-filters.tsx';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';

const LETTERS = ['A', 'B', 'C', 'D'];

type PickerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sectionTitle: string;
  /** Bank questions already in the paper: shown, not offered again. */
  inPaper: string[];
  onAdd: (picked: BankQuestion[]) => void;
};

/** "Add from bank": pick questions with the bank's filters; the paper gets copies (docs/product-question-bank.md). */
export function BankPicker({ open, onOpenChange, sectionTitle, inPaper, onAdd }: PickerProps) {
  const [filters, setFilters] = useState<BankFilterValues>(NO_BANK_FILTERS);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Map<string, BankQuestion>>(new Map());
  useEffect(() => {
    if (open) {
      setFilters({ ...NO_BANK_FILTERS, section: sectionTitle });
      setPage(1);
      setPicked(new Map());
    }
  }, [open, sectionTitle]);
  const list = useBankQuestions({ ...filters, page, limit: 20 });
  const toggle = (q: BankQuestion) =>
    setPicked((m) => {
      const next = new Map(m);
      if (next.has(q._id)) next.delete(q._id);
      else next.set(q._id, q);
      return next;
    });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`Add from bank to ${sectionTitle || 'this section'}`}
      size="xl"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonClass.primary}
            disabled={picked.size === 0}
            onClick={() => {
              onAdd([...picked.values()]);
              onOpenChange(false);
            }}
          >
            Add {plural(picked.size, 'question')}
          </button>
        </>
      }
    >
      <div className="grid gap-4">
        <BankFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
          sections={list.data?.sections ?? []}
          topics={list.data?.topics ?? []}
        />
        <QueryState
          query={list}
          loadingText="Loading the question bank..."
          errorText={(e) => errorMessage(e, 'Could not load the question bank.')}
          isEmpty={(d) => d.items.length === 0}
          empty="No bank question matches these filters"
          emptyHint="Clear a filter, or import questions at Question Bank."
        >
          {(d) => (
            <div className="grid gap-3">
              <ul className="grid gap-2" aria-label="Bank questions">
                {d.items.map((q) => {
                  const already = inPaper.includes(q._id);
                  return (
                    <li key={q._id} className="rounded-lg border border-slate-200 p-3">
                      <label className="flex items-start gap-3">
                        <input
                          type="checkbox"
                          className="mt-1 h-4 w-4"
                          checked={already || picked.has(q._id)}
                          disabled={already}
                          onChange={() => toggle(q)}
                        />
                        <span className="grid min-w-0 gap-1">
                          {q.passage && <span className="line-clamp-2 text-xs text-slate-500">Passage: {q.passage.body}</span>}
                          <span className="break-words font-medium text-slate-900">{q.question}</span>
                          <span className="text-xs text-slate-600">
                            {[
                              q.section,
                              q.topic,
                              q.difficulty ? `difficulty ${q.difficulty}` : null,
                              `${q.marks} mark${q.marks === 1 ? '' : 's'}`,
                              `answer ${LETTERS[q.correctAnswer]}`,
                              already ? 'already in the paper' : null,
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                          </span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
              {d.totalPages > 1 && (
                <div className="flex items-center justify-between gap-2 text-sm text-slate-600">
                  <span>
                    Page {d.page} of {d.totalPages}
                  </span>
                  <span className="flex gap-2">
                    <button type="button" className={buttonClass.secondary} disabled={page <= 1} onClick={() => setPage(page - 1)}>
                      Previous
                    </button>
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      disabled={page >= d.totalPages}
                      onClick={() => setPage(page + 1)}
                    >
                      Next
                    </button>
                  </span>
                </div>
              )}
            </div>
          )}
        </QueryState>
      </div>
    </Modal>
  );
}

type DrawProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sectionTitle: string;
  inPaper: string[];
  onAdd: (picked: BankQuestion[]) => void;
};

/** "Draw N questions": a random pick of the section's bank questions by topic and difficulty. */
export function DrawDialog({ open, onOpenChange, sectionTitle, inPaper, onAdd }: DrawProps) {
  const id = useId();
  const [count, setCount] = useState('5');
  const [topic, setTopic] = useState('');
  const [difficulty, setDifficulty] = useState('');
  const draw = useBankDraw();
  const { reset } = draw;
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);
  const onDraw = () =>
    draw.mutate(
      {
        section: sectionTitle,
        count: Number(count),
        topic: topic.trim() || undefined,
        difficulty: difficulty ? Number(difficulty) : undefined,
        exclude: inPaper,
      },
      {
        onSuccess: (picked) => {
          onAdd(picked);
          onOpenChange(false);
        },
      },
    );
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={`Draw questions for ${sectionTitle || 'this section'}`}
      description="A random pick of this section's bank questions that are not in the paper yet."
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" form={`${id}-draw`} className={buttonClass.primary} disabled={draw.isPending || !sectionTitle.trim()}>
            {draw.isPending ? 'Drawing...' : `Draw ${count || 'N'} questions`}
          </button>
        </>
      }
    >
      <form
        id={`${id}-draw`}
        className="grid gap-4 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          onDraw();
        }}
      >
        {!sectionTitle.trim() && (
          <div className="sm:col-span-3">
            <FormAlert>Give the section a title first: the draw takes the bank questions of that section.</FormAlert>
          </div>
        )}
        {draw.isError && (
          <div className="sm:col-span-3">
            <FormAlert>{errorMessage(draw.error, 'Could not draw questions.')}</FormAlert>
          </div>
        )}
        <Field
          label="How many"
          type="number"
          inputMode="numeric"
          min={1}
          max={500}
          value={count}
          onChange={(e) => setCount(e.target.value)}
        />
        <Field label="Topic (optional)" value={topic} onChange={(e) => setTopic(e.target.value)} />
        <SelectField label="Difficulty" options={DIFFICULTY_OPTIONS} value={difficulty} onChange={(e) => setDifficulty(e.target.value)} />
      </form>
    </Modal>
  );
}
