import { formatDateTime } from '@app/common/rules/dates';
import type { AdminSubmissionRow, SubmissionStatus } from '@app/common/schemas/submissions';
import { ClipboardPen, Eye } from 'lucide-react';
import { Badge } from '../../../components/badge.tsx';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { Percent } from '../../../components/score.tsx';

const statusTone: Record<SubmissionStatus, 'green' | 'amber' | 'slate'> = { EVALUATED: 'green', SUBMITTED: 'amber', PENDING: 'slate' };

const nameOf = (row: AdminSubmissionRow) => `${row.student.firstName} ${row.student.lastName}`;

const student = (row: AdminSubmissionRow) => (
  <>
    <p className="font-semibold text-slate-900">{nameOf(row)}</p>
    <p className="break-all text-slate-500">{row.student.email}</p>
  </>
);

const score = (row: AdminSubmissionRow) => (
  <>
    <span className="font-semibold">
      {row.score.marksObtained} / {row.score.totalMarks}
    </span>{' '}
    {row.status === 'EVALUATED' && <Percent value={row.score.percentage} className="text-xs" />}
  </>
);

const status = (row: AdminSubmissionRow) => (
  <div className="flex flex-col items-start gap-1">
    <Badge tone={statusTone[row.status]}>{row.status}</Badge>
    {row.autoSubmitted && <span className="text-xs text-slate-500">Auto-submitted</span>}
  </div>
);

const columns: Column<AdminSubmissionRow>[] = [
  { header: 'Student', cell: student, hideInCard: true },
  { header: 'Exam', className: 'min-w-40 text-slate-800', cell: (row) => row.exam.title },
  { header: 'Course', className: 'min-w-36 text-slate-700', cell: (row) => row.exam.course?.name ?? '—' },
  { header: 'Score', className: 'whitespace-nowrap', cell: score },
  { header: 'Status', cell: status, hideInCard: true },
  { header: 'Submitted', className: 'whitespace-nowrap text-slate-700', cell: (row) => formatDateTime(row.submittedAt) },
];

/**
 * The submissions table; the action is 'Evaluate' until evaluated, then 'View/Edit' (docs/product.md section 4).
 * On a phone each submission is a card, so Evaluate is reachable without scrolling a wide table sideways.
 */
export function SubmissionsTable({ rows, onOpen }: { rows: AdminSubmissionRow[]; onOpen: (row: AdminSubmissionRow) => void }) {
  return (
    <DataTable
      rows={rows}
      rowKey={(row) => row._id}
      columns={columns}
      caption="Submissions"
      cardTitle={student}
      cardBadge={status}
      actionsHeader="Action"
      actions={(row) => <ActionButton row={row} name={nameOf(row)} evaluated={row.status === 'EVALUATED'} onOpen={onOpen} />}
    />
  );
}

type ActionProps = { row: AdminSubmissionRow; name: string; evaluated: boolean; onOpen: (row: AdminSubmissionRow) => void };

function ActionButton({ row, name, evaluated, onOpen }: ActionProps) {
  return (
    <button
      type="button"
      onClick={() => onOpen(row)}
      aria-label={`${evaluated ? 'View/Edit' : 'Evaluate'} submission of ${name} for ${row.exam.title}`}
      className={`inline-flex items-center justify-center gap-1 whitespace-nowrap rounded-md px-3 py-1.5 font-semibold ${
        evaluated ? 'border border-brand-600 text-brand-700 hover:bg-brand-50' : 'bg-brand-700 text-white hover:bg-brand-800'
      }`}
    >
      {evaluated ? <Eye aria-hidden="true" className="h-4 w-4" /> : <ClipboardPen aria-hidden="true" className="h-4 w-4" />}
      {evaluated ? 'View/Edit' : 'Evaluate'}
    </button>
  );
}

/** Previous / Next with 'Page x of y'. */
export function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, totalPages);
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3">
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50"
      >
        Previous
      </button>
      <span className="text-sm text-slate-700" aria-live="polite">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50"
      >
        Next
      </button>
    </nav>
  );
}
