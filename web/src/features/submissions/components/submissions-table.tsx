import { formatDateTime } from '@app/common/rules/dates';
import type { AdminSubmissionRow, SubmissionStatus } from '@app/common/schemas/submissions';
import { ClipboardPen, Eye } from 'lucide-react';
import { Badge } from '../../../components/badge.tsx';
import { Percent } from '../../../components/score.tsx';

const statusTone: Record<SubmissionStatus, 'green' | 'amber' | 'slate'> = { EVALUATED: 'green', SUBMITTED: 'amber', PENDING: 'slate' };

/** The submissions table; the action is 'Evaluate' until evaluated, then 'View/Edit' (docs/product.md section 4). */
export function SubmissionsTable({ rows, onOpen }: { rows: AdminSubmissionRow[]; onOpen: (row: AdminSubmissionRow) => void }) {
  return (
    <>
      {/* On a phone each submission is a card, so Evaluate is reachable without scrolling a wide table sideways. */}
      <ul className="grid gap-3 md:hidden">
        {rows.map((row) => (
          <SubmissionCard key={row._id} row={row} onOpen={onOpen} />
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              {['Student', 'Exam', 'Course', 'Score', 'Status', 'Submitted', 'Action'].map((h) => (
                <th key={h} scope="col" className="px-4 py-3">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => {
              const name = `${row.student.firstName} ${row.student.lastName}`;
              const evaluated = row.status === 'EVALUATED';
              return (
                <tr key={row._id}>
                  <td className="px-4 py-3">
                    <p className="font-semibold text-slate-900">{name}</p>
                    <p className="text-slate-500">{row.student.email}</p>
                  </td>
                  <td className="min-w-40 px-4 py-3 text-slate-800">{row.exam.title}</td>
                  <td className="min-w-36 px-4 py-3 text-slate-700">{row.exam.course?.name ?? '—'}</td>
                  <td className="whitespace-nowrap px-4 py-3">
                    <span className="font-semibold">
                      {row.score.marksObtained} / {row.score.totalMarks}
                    </span>{' '}
                    {evaluated && <Percent value={row.score.percentage} className="text-xs" />}
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-col items-start gap-1">
                      <Badge tone={statusTone[row.status]}>{row.status}</Badge>
                      {row.autoSubmitted && <span className="text-xs text-slate-500">Auto-submitted</span>}
                    </div>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(row.submittedAt)}</td>
                  <td className="px-4 py-3">
                    <ActionButton row={row} name={name} evaluated={evaluated} onOpen={onOpen} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

function SubmissionCard({ row, onOpen }: { row: AdminSubmissionRow; onOpen: (row: AdminSubmissionRow) => void }) {
  const name = `${row.student.firstName} ${row.student.lastName}`;
  const evaluated = row.status === 'EVALUATED';
  return (
    <li className="grid gap-2 rounded-xl bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{name}</p>
          <p className="break-all text-sm text-slate-500">{row.student.email}</p>
        </div>
        <Badge tone={statusTone[row.status]}>{row.status}</Badge>
      </div>
      <p className="text-sm text-slate-800">
        {row.exam.title}
        {row.exam.course?.name && <span className="text-slate-500"> · {row.exam.course.name}</span>}
      </p>
      <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-700">
        <span className="font-semibold">
          {row.score.marksObtained} / {row.score.totalMarks}
        </span>
        {evaluated && <Percent value={row.score.percentage} />}
        <span>{formatDateTime(row.submittedAt)}</span>
        {row.autoSubmitted && <span className="text-xs text-slate-500">Auto-submitted</span>}
      </p>
      <ActionButton row={row} name={name} evaluated={evaluated} onOpen={onOpen} />
    </li>
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
