import type { ExamListItem } from '@app/common/schemas/exam-views';
import { preview } from '@app/common/rules/text';
import { CalendarClock, ListOrdered, Pencil, Power, Scale, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/badge.tsx';
import { type Column, DataTable } from '../../../components/data-table.tsx';
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

const title = (exam: ExamListItem) => (
  <>
    <p className="font-semibold text-slate-900">{exam.title}</p>
    <p className="text-slate-500">{preview(exam.description)}</p>
  </>
);

const status = (exam: ExamListItem) => (
  <div className="flex flex-col items-start gap-1">
    <Badge tone={exam.isActive ? 'green' : 'slate'}>{exam.isActive ? 'Active' : 'Inactive'}</Badge>
    <Badge tone={exam.resultsPublished ? 'blue' : 'amber'}>{exam.resultsPublished ? 'Published' : 'Not Published'}</Badge>
  </div>
);

const columns: Column<ExamListItem>[] = [
  { header: 'Exam', cell: title, hideInCard: true },
  { header: 'Course', className: 'text-slate-700', cell: (exam) => exam.course?.name ?? '—' },
  { header: 'Who and when', cell: (exam) => <ScheduleSummary exam={exam} /> },
  { header: 'Questions', className: 'text-slate-700', cell: (exam) => exam.totalQuestions },
  { header: 'Duration', className: 'whitespace-nowrap text-slate-700', cell: (exam) => `${exam.duration} min` },
  {
    header: 'Marks',
    className: 'whitespace-nowrap text-slate-700',
    cell: (exam) => (
      <>
        {exam.totalMarks} <span className="text-slate-500">{exam.passingMarks === null ? '(ranked)' : `(pass ${exam.passingMarks})`}</span>
      </>
    ),
  },
  { header: 'Status', cell: status, hideInCard: true },
];

/** docs/product.md section 2 "Exam management": list with Activate/Deactivate, edit and delete. */
export function ExamList({ exams, busyId, ...actions }: Props) {
  return (
    <DataTable
      rows={exams}
      rowKey={(exam) => exam._id}
      columns={columns}
      caption="Exams"
      cardTitle={title}
      cardBadge={status}
      actions={(exam) => <ExamActions exam={exam} busy={busyId === exam._id} {...actions} />}
    />
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
