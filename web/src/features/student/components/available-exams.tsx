import { plural } from '@app/common/rules/text';
import { formatTimer } from '@app/common/rules/timer';
import type { AvailableExam } from '@app/common/schemas/exams';
import { CheckCircle2, Clock, FileText, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/field.tsx';
import { useAvailableExams } from '../api/dashboard.ts';
import { DashboardSection } from './dashboard-section.tsx';

/** Available exams with Start, Resume with the time left (attempt in progress) or 'Already Attempted' (docs/product.md section 2). */
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
                  </p>
                </div>
                {exam.attempted || exam.attemptStatus === 'submitted' ? (
                  <span className="inline-flex items-center gap-1 rounded-md bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-600">
                    <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> Already Attempted
                  </span>
                ) : (
                  <div className="flex flex-wrap items-center gap-3">
                    {exam.attemptStatus === 'in_progress' && exam.remainingSeconds !== null && (
                      <span className="text-sm font-medium text-amber-700" data-testid="time-left">
                        {formatTimer(exam.remainingSeconds)} left
                      </span>
                    )}
                    <Link
                      to={`/student/exam/${exam._id}`}
                      className={buttonClass.primary}
                      aria-label={`${exam.attemptStatus === 'in_progress' ? 'Resume Exam' : 'Start Exam'}: ${exam.title}`}
                    >
                      <PlayCircle aria-hidden="true" className="h-4 w-4" />
                      {exam.attemptStatus === 'in_progress' ? 'Resume Exam' : 'Start Exam'}
                    </Link>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )
      }
    </DashboardSection>
  );
}
