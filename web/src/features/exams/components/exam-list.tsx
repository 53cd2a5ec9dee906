import { plural } from '@app/common/rules/text';
import type { ExamListItem } from '@app/common/schemas/exams';
import { preview } from '@app/common/rules/text';
import { CalendarClock, ListOrdered, Pencil, Power, Scale, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge.tsx';
import { ScheduleSummary } from './schedule-summary.tsx';

type Props = {
  exams: ExamListItem[];
  busyId: string | null;
  onToggle: (exam: ExamListItem) => void;
  onEdit: (exam: ExamListItem) => void;
  onDelete: (exam: ExamListItem) => void;
  onExceptions: (exam: ExamListItem) => void;
};

const action =
  'inline-flex items-center gap-1 rounded-md border px-2.5 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50';

/** docs/product.md section 2 "Exam management": list with Activate/Deactivate, edit and delete. */
export function ExamList({ exams, busyId, ...actions }: Props) {
  return (
    <>
      <ul className="grid gap-3 md:hidden">
        {exams.map((exam) => (
          <li key={exam._id} className="rounded-xl bg-white p-4 shadow-sm">
            <p className="font-semibold text-slate-900">{exam.title}</p>
            <p className="text-sm text-slate-500">{preview(exam.description)}</p>
            <p className="mt-2 text-sm text-slate-700">
              {exam.course?.name ?? 'No course'} · {plural(exam.totalQuestions, 'question')} · {exam.duration} min ·{' '}
              {plural(exam.totalMarks, 'mark')}
              {exam.passingMarks === null ? ' (ranked)' : ` (pass ${exam.passingMarks})`}
            </p>
            <div className="mt-2 text-sm">
              <ScheduleSummary exam={exam} />
            </div>
            <div className="mt-2 flex flex-wrap gap-1">
              <Badge tone={exam.isActive ? 'green' : 'slate'}>{exam.isActive ? 'Active' : 'Inactive'}</Badge>
              <Badge tone={exam.resultsPublished ? 'blue' : 'amber'}>{exam.resultsPublished ? 'Published' : 'Not Published'}</Badge>
            </div>
            <div className="mt-3">
              <ExamActions exam={exam} busy={busyId === exam._id} {...actions} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm md:block">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Exam
              </th>
              <th scope="col" className="px-4 py-3">
                Course
              </th>
              <th scope="col" className="px-4 py-3">
                Who and when
              </th>
              <th scope="col" className="px-4 py-3">
                Questions
              </th>
              <th scope="col" className="px-4 py-3">
                Duration
              </th>
              <th scope="col" className="px-4 py-3">
                Marks
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {exams.map((exam) => (
              <tr key={exam._id} className="align-top">
                <td className="px-4 py-3">
                  <p className="font-semibold text-slate-900">{exam.title}</p>
                  <p className="text-slate-500">{preview(exam.description)}</p>
                </td>
                <td className="px-4 py-3 text-slate-700">{exam.course?.name ?? '—'}</td>
                <td className="px-4 py-3">
                  <ScheduleSummary exam={exam} />
                </td>
                <td className="px-4 py-3 text-slate-700">{exam.totalQuestions}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">{exam.duration} min</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                  {exam.totalMarks}{' '}
                  <span className="text-slate-500">{exam.passingMarks === null ? '(ranked)' : `(pass ${exam.passingMarks})`}</span>
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-col items-start gap-1">
                    <Badge tone={exam.isActive ? 'green' : 'slate'}>{exam.isActive ? 'Active' : 'Inactive'}</Badge>
                    <Badge tone={exam.resultsPublished ? 'blue' : 'amber'}>{exam.resultsPublished ? 'Published' : 'Not Published'}</Badge>
                  </div>
                </td>
                <td className="px-4 py-3">
                  <ExamActions exam={exam} busy={busyId === exam._id} {...actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

type ActionProps = Omit<Props, 'exams' | 'busyId'> & { exam: ExamListItem; busy: boolean };

function ExamActions({ exam, busy, onToggle, onEdit, onDelete, onExceptions }: ActionProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={`${action} ${exam.isActive ? 'border-amber-300 text-amber-800 hover:bg-amber-50' : 'border-green-300 text-green-800 hover:bg-green-50'}`}
        disabled={busy}
        onClick={() => onToggle(exam)}
        aria-label={`${exam.isActive ? 'Deactivate' : 'Activate'} ${exam.title}`}
      >
        <Power aria-hidden="true" className="h-4 w-4" />
        {exam.isActive ? 'Deactivate' : 'Activate'}
      </button>
      <button
        type="button"
        className={`${action} border-slate-300 text-slate-700 hover:bg-slate-50`}
        onClick={() => onEdit(exam)}
        aria-label={`Edit ${exam.title}`}
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
        Edit
      </button>
      {(exam.submissionsCount ?? 0) > 0 && (
        <Link
          to={`/admin/exams/${exam._id}/results`}
          className={`${action} border-brand-300 text-brand-700 hover:bg-brand-50`}
          aria-label={`Merit list of ${exam.title}`}
        >
          <ListOrdered aria-hidden="true" className="h-4 w-4" />
          Merit list
        </Link>
      )}
      {(exam.submissionsCount ?? 0) > 0 && (
        <Link
          to={`/admin/exams/${exam._id}/regrade`}
          className={`${action} border-amber-300 text-amber-800 hover:bg-amber-50`}
          aria-label={`Objections and regrade of ${exam.title}`}
        >
          <Scale aria-hidden="true" className="h-4 w-4" />
          Regrade
        </Link>
      )}
      <button
        type="button"
        className={`${action} border-slate-300 text-slate-700 hover:bg-slate-50`}
        onClick={() => onExceptions(exam)}
        aria-label={`Exceptions for ${exam.title}`}
      >
        <CalendarClock aria-hidden="true" className="h-4 w-4" />
        Exceptions
      </button>
      <button
        type="button"
        className={`${action} border-red-300 text-red-700 hover:bg-red-50`}
        onClick={() => onDelete(exam)}
        aria-label={`Delete ${exam.title}`}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        Delete
      </button>
    </div>
  );
}
