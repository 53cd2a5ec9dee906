import { plural } from '@app/common/rules/text';
import { BANK_EXAM_LABELS, type BankQuestion } from '@app/common/schemas/question-bank';
import { Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useBankQuestions } from '../../api/question-bank.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { Badge } from '../../components/badge.tsx';
import { BankFilters, type BankFilterValues, NO_BANK_FILTERS } from '../../components/bank-filters.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { buttonClass } from '../../components/field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useConfirmDelete } from '../../components/use-confirm-delete.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useDeleteBankQuestion } from './api/bank.ts';
import { LazyDialog, lazyWithPreload } from '../../components/lazy-dialog.tsx';

// Loaded on first opening: react-hook-form and the form stay out of the page's initial JavaScript (scripts/bundle-budget.mjs).
const BankQuestionForm = lazyWithPreload(() => import('./components/bank-question-form.tsx').then((m) => m.BankQuestionForm));

const PAGE_SIZE = 20;
const LETTERS = ['A', 'B', 'C', 'D'];

const usage = (q: BankQuestion) =>
  q.timesUsed === 0
    ? 'Not used yet'
    : `${plural(q.timesUsed, 'exam')}${q.correctShare === null ? '' : `, ${q.correctShare}% correct of ${q.candidates}`}`;

function Tags({ q }: { q: BankQuestion }) {
  return (
    <div className="flex flex-wrap gap-1">
      {q.exam && <Badge tone="blue">{BANK_EXAM_LABELS[q.exam]}</Badge>}
      {q.difficulty && <Badge tone={q.difficulty >= 4 ? 'orange' : 'slate'}>Difficulty {q.difficulty}</Badge>}
      {q.tags.map((t) => (
        <Badge key={t} tone="slate">
          {t}
        </Badge>
      ))}
    </div>
  );
}

/** /admin/question-bank: passages and questions kept apart from exams (docs/product-question-bank.md). */
export default function QuestionBankPage() {
  const [filters, setFilters] = useState<BankFilterValues>(NO_BANK_FILTERS);
  const [page, setPage] = useState(1);
  const list = useBankQuestions({ ...filters, page, limit: PAGE_SIZE });
  const remove = useDeleteBankQuestion();
  const [editing, setEditing] = useState<{ question: BankQuestion | null } | null>(null);
  const deletion = useConfirmDelete({
    mutation: remove,
    idOf: (q: BankQuestion) => q._id,
    title: 'Delete this question?',
    message: (q) => (
      <p>
        <strong>{q.question.slice(0, 120)}</strong> leaves the bank. Exams that copied it keep their copies.
      </p>
    ),
    deleted: 'Question deleted from the bank',
    failed: 'Could not delete the question.',
    closeOnError: true,
  });

  const columns: Column<BankQuestion>[] = [
    {
      header: 'Question',
      className: 'max-w-md',
      hideInCard: true,
      cell: (q) => (
        <div className="grid gap-1">
          {q.passage && <p className="line-clamp-2 text-xs text-slate-500">Passage: {q.passage.body}</p>}
          <p className="line-clamp-3 font-medium text-slate-900">{q.question}</p>
          <p className="text-xs text-slate-600">
            Answer {LETTERS[q.correctAnswer]}: {q.options[q.correctAnswer]}
          </p>
        </div>
      ),
    },
    { header: 'Section', cell: (q) => q.section ?? '—' },
    { header: 'Topic', cell: (q) => q.topic ?? '—' },
    { header: 'Tags', cell: (q) => <Tags q={q} /> },
    { header: 'Source', cell: (q) => q.source ?? '—' },
    {
      header: 'Marks',
      className: 'whitespace-nowrap',
      cell: (q) => `${q.marks}${q.negativeMarks === null ? '' : ` / −${q.negativeMarks}`}`,
    },
    { header: 'Used', className: 'whitespace-nowrap', cell: usage },
    { header: 'Version', cell: (q) => `v${q.version}` },
  ];
  const data = list.data;
  return (
    <AdminPage
      title="Question Bank"
      actions={
        <>
          <Link to="/admin/question-bank/import" className={buttonClass.secondary}>
            <Upload aria-hidden="true" className="h-5 w-5" /> Import questions
          </Link>
          <button
            type="button"
            className={buttonClass.primary}
            onPointerEnter={BankQuestionForm.preload}
            onFocus={BankQuestionForm.preload}
            onClick={() => setEditing({ question: null })}
          >
            <Plus aria-hidden="true" className="h-5 w-5" /> New Question
          </button>
        </>
      }
    >
      <div className="mb-4 rounded-xl bg-white p-4 shadow-sm">
        <BankFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
          sections={data?.sections ?? []}
          topics={data?.topics ?? []}
        />
      </div>
      <QueryState
        query={list}
        loadingText="Loading the question bank..."
        errorText={(e) => errorMessage(e, 'Could not load the question bank.')}
        isEmpty={(d) => d.items.length === 0}
        empty={filters === NO_BANK_FILTERS ? 'The bank is empty' : 'No question matches these filters'}
        emptyHint={filters === NO_BANK_FILTERS ? 'Add a question, or import a workbook, CSV or Word file.' : 'Clear a filter to see more.'}
      >
        {(d) => (
          <div className="grid gap-3">
            <DataTable
              rows={d.items}
              rowKey={(q) => q._id}
              columns={columns}
              caption="Bank questions"
              cardTitle={(q) => (
                <div className="grid gap-1">
                  {q.passage && <p className="line-clamp-2 text-xs text-slate-500">Passage: {q.passage.body}</p>}
                  <p className="font-medium text-slate-900">{q.question}</p>
                  <p className="text-xs text-slate-600">
                    Answer {LETTERS[q.correctAnswer]}: {q.options[q.correctAnswer]}
                  </p>
                </div>
              )}
              actions={(q) => (
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    onClick={() => setEditing({ question: q })}
                    aria-label={`Edit: ${q.question.slice(0, 60)}`}
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
                  </button>
                  <button
                    type="button"
                    className={buttonClass.danger}
                    onClick={() => deletion.ask(q)}
                    disabled={deletion.busyId === q._id}
                    aria-label={`Delete: ${q.question.slice(0, 60)}`}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete
                  </button>
                </div>
              )}
            />
            <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-600">
                Page {d.page} of {d.totalPages} · {plural(d.total, 'question')}
              </p>
              <div className="flex gap-2">
                <button type="button" className={buttonClass.secondary} disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous
                </button>
                <button type="button" className={buttonClass.secondary} disabled={page >= d.totalPages} onClick={() => setPage(page + 1)}>
                  Next
                </button>
              </div>
            </nav>
          </div>
        )}
      </QueryState>
      <LazyDialog open={editing !== null}>
        <BankQuestionForm open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} question={editing?.question ?? null} />
      </LazyDialog>
      {deletion.dialog}
    </AdminPage>
  );
}
