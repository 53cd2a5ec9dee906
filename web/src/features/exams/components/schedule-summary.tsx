import { formatDateTime } from '@app/common/rules/dates';
import type { ExamListItem } from '@app/common/schemas/exam-views';

/** Who may take the exam, in words: "All students", or the names of its courses, batches and centres. */
function audienceText(exam: ExamListItem): string {
  if (exam.openToAll) return 'All students';
  const names = exam.audienceNames;
  const parts = names ? [...names.courses, ...names.batches, ...names.centres].map((x) => x.name) : [];
  return parts.length > 0 ? parts.join(', ') : 'No one yet';
}

/** When it may be started (IST). */
function windowText(exam: Pick<ExamListItem, 'opensAt' | 'closesAt'>): string {
  if (exam.opensAt && exam.closesAt) return `${formatDateTime(exam.opensAt)} – ${formatDateTime(exam.closesAt)}`;
  if (exam.opensAt) return `From ${formatDateTime(exam.opensAt)}`;
  if (exam.closesAt) return `Until ${formatDateTime(exam.closesAt)}`;
  return 'Any time';
}

export function ScheduleSummary({ exam }: { exam: ExamListItem }) {
  return (
    <div className="grid gap-0.5 text-slate-700">
      <span>{audienceText(exam)}</span>
      <span className="text-slate-600">{windowText(exam)}</span>
      {exam.mode === 'practice' && <span className="font-medium text-brand-800">Practice</span>}
    </div>
  );
}
