import type { Attempt } from '@app/common/schemas/exam-attempt';
import { EXAM_MESSAGES } from '@app/common/schemas/exams';
import type { SubmitResponse } from '@app/common/schemas/submissions';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Spinner } from '../../components/spinner.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ErrorState } from '../../components/states.tsx';
import { startAttempt, useStudentExam } from './api/exam-attempt.ts';
import { ExamNotice } from './components/exam-notice.tsx';
import { ExamSession } from './components/exam-session.tsx';
import { InstructionsView } from './components/instructions-view.tsx';

type Phase =
  | { name: 'instructions' }
  | { name: 'started'; attempt: Attempt; receivedAt: number }
  | { name: 'attempted' }
  | { name: 'closed'; message: string };

/** /student/exam/{examId}: instructions, then the timed exam (docs/product.md section 4 "Exam taking"). */
export default function ExamPage() {
  usePageTitle('Exam');
  const { examId = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const exam = useStudentExam(examId);
  const [phase, setPhase] = useState<Phase>({ name: 'instructions' });
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);

  const isPractice = exam.data?.mode === 'practice';
  const start = useCallback(async () => {
    setStarting(true);
    setStartError(null);
    try {
      const attempt = await startAttempt(examId);
      setPhase({ name: 'started', attempt, receivedAt: Date.now() });
    } catch (err) {
      // A practice exam's refusal is about its window (closed): say so rather than 'Already Attempted'.
      if (err instanceof ApiError && err.status === 409 && !isPractice) setPhase({ name: 'attempted' });
      else setStartError(errorMessage(err, 'Could not start the exam. Please try again.'));
    } finally {
      setStarting(false);
    }
  }, [examId, isPractice]);

  // A reload or another device resumes the attempt in progress straight away, with the server's time left.
  const status = exam.data?.attemptStatus;
  useEffect(() => {
    if (status === 'in_progress') void start();
    // A submitted practice exam may be attempted again: its instructions and Start stay.
    if (status === 'submitted' && !isPractice) setPhase({ name: 'attempted' });
  }, [status, start, isPractice]);

  const onSubmitted = useCallback(
    (response: SubmitResponse, auto: boolean) => navigate('/student/results', { replace: true, state: { submitted: response, auto } }),
    [navigate],
  );
  const onClosed = useCallback((message: string) => setPhase({ name: 'closed', message }), []);

  return (
    <QueryState
      query={exam}
      loading={<Loading text="Loading exam..." />}
      errorText={(e) => errorMessage(e, 'Failed to load the exam')}
      errorView={(e) => (
        <div className="mx-auto grid max-w-xl gap-4 px-4 py-12">
          <ErrorState message={errorMessage(e, 'Failed to load the exam')} onRetry={() => exam.refetch()} />
          <Link to="/student/dashboard" className="justify-self-center text-sm font-medium text-brand-700 hover:underline">
            Back to Dashboard
          </Link>
        </div>
      )}
    >
      {(data) => {
        if (phase.name === 'attempted') {
          return (
            <ExamNotice
              title={EXAM_MESSAGES.alreadyAttempted}
              message="You have already submitted this exam. Your results appear once they are published."
            />
          );
        }
        if (phase.name === 'closed') return <ExamNotice title="Exam Closed" message={phase.message} />;
        if (data.questions.length === 0) return <ExamNotice title={data.title} message="This exam has no questions yet." />;
        if (phase.name === 'started' && user) {
          return (
            <ExamSession
              exam={data}
              attempt={phase.attempt}
              receivedAt={phase.receivedAt}
              userId={user._id}
              onSubmitted={onSubmitted}
              onClosed={onClosed}
            />
          );
        }
        if (status === 'in_progress' && !startError) return <Loading text="Resuming your exam..." />;
        return <InstructionsView exam={data} starting={starting} error={startError} onStart={start} />;
      }}
    </QueryState>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={text} />
    </div>
  );
}
