import { plural } from '@app/common/rules/text';
import type { AvailableExam } from '@app/common/schemas/exam-views';
import { Clock, FileText } from 'lucide-react';
import { useAvailableExams } from '../api/dashboard.ts';
import { DashboardSection } from './dashboard-section.tsx';
import { ExamAction, PracticeHistory } from './exam-status.tsx';

/**
 * The exams meant for the student (docs/product.md section 2, docs/product-batches.md): Start, Resume
 * with the time left, 'Already Attempted', upcoming with the opening time, missed, practice history.
 */
export function AvailableExams() {
  const exams = useAvailableExams();
  return (
    <DashboardSection title="Available Exams" icon={<FileText className="h-5 w-5" />} query={exams} errorText="Failed to load exams">
      {(list: AvailableExam[]) =>
        list.length === 0 ? (
          <p className="text-slate-600">No exams are available right now.</p>
        ) : (
          <ul className="grid gap-3">
            {list.map((exam) => (
              <li key={exam._id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-4">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{exam.title}</p>
                  <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-600">
                    {exam.course && <span>{exam.course.name}</span>}
                    <span className="inline-flex items-center gap-1">
                      <Clock aria-hidden="true" className="h-3.5 w-3.5" /> {plural(exam.duration, 'minute')}
                    </span>
                    <span>{plural(exam.totalQuestions, 'question')}</span>
                    <span>{plural(exam.totalMarks, 'mark')}</span>
                    {exam.mode === 'practice' && <span className="font-medium text-brand-800">Practice</span>}
                  </p>
                </div>
                <ExamAction exam={exam} />
                <PracticeHistory exam={exam} />
              </li>
            ))}
          </ul>
        )
      }
    </DashboardSection>
  );
}
