import { formatTimer } from '@app/common/rules/timer';
import type { ExamStudent } from '@app/common/schemas/exam-views';
import type { Attempt } from '@app/common/schemas/exam-attempt';
import type { SubmitResponse } from '@app/common/schemas/submissions';
import { BookmarkCheck, ChevronLeft, ChevronRight, Eraser, FileText, Send } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { buttonClass, FormAlert } from '../../../components/field.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { type AnswerMap, type AnswerValue, countAnswered, isAnswered } from '../answers.ts';
import { saveAnswers, saveProgress, useSubmitExam } from '../api/exam-attempt.ts';
import { passageMap, type Progress, sectionsOf } from '../paper.ts';
import { useTimeSpent } from '../hooks/use-time-spent.ts';
import { answersToResend, progressStore } from '../hooks/progress-store.ts';
import { useAutosave } from '../hooks/use-autosave.ts';
import { useRevealQuestion } from '../hooks/use-reveal-question.ts';
import { localDeadline, useCountdown } from '../hooks/use-countdown.ts';
import { ExamHeader } from './exam-header.tsx';
import { TimerAnnouncer } from './exam-timer.tsx';
import { NavPanel } from './nav-panel.tsx';
import { PassagePane } from './passage-pane.tsx';
import { QuestionPaperDialog } from './question-paper-dialog.tsx';
import { QuestionView } from './question-view.tsx';
import { SectionSummary } from './section-summary.tsx';
import { SectionTabs } from './section-tabs.tsx';
import { ConnectionBanner } from './save-indicator.tsx';

const SUBMIT_ERROR = 'Error submitting exam. Please try again.';
/** At zero the submission is retried this often until the server answers (accepted, or 409 after the grace). */
export const AUTO_SUBMIT_RETRY_MS = 3000;
const isRetryable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;
/** Review flags and seconds per question reach the server at least this often while the student works. */
export const PROGRESS_SAVE_MS = 30_000;
/** Moving between questions saves the position after this pause (several quick moves make one save). */
export const POSITION_SAVE_MS = 400;

type Props = {
  exam: ExamStudent;
  attempt: Attempt;
  receivedAt: number;
  userId: string;
  onSubmitted: (response: SubmitResponse, auto: boolean) => void;
  /** The server will not take this submission any more (409): already submitted or closed. */
  onClosed: (message: string) => void;
};

/** The exam in progress (docs/product.md section 2 "Exam screen", docs/product.md section 10). */
export function ExamSession({ exam, attempt, receivedAt, userId, onSubmitted, onClosed }: Props) {
  usePageTitle(exam.title);
  const questionIds = useMemo(() => exam.questions.map((q) => q._id), [exam.questions]);
  // Resume: what the server saved, overlaid with what this device had not yet got onto the server, unless
  // another device has changed that question since (then the server's answer is the newer one).
  const [localPending] = useState(() => answersToResend(progressStore.read(exam._id, userId), attempt.answers));
  const [answers, setAnswers] = useState<AnswerMap>(() => ({ ...attempt.answers, ...localPending }));
  const sections = useMemo(() => sectionsOf(exam), [exam]);
  const passages = useMemo(() => passageMap(exam), [exam]);
  // Resume on the question the student was on, on this device or another (kept with the attempt).
  const [index, setIndex] = useState(() => Math.max(0, questionIds.indexOf(attempt.currentQuestion ?? '')));
  const [review, setReview] = useState<ReadonlySet<string>>(() => new Set(attempt.review));
  // A question seen before (it has a time, even 0 seconds, or an answer) is no longer Not Visited.
  const [visited, setVisited] = useState<ReadonlySet<string>>(
    () =>
      new Set([
        ...Object.keys(attempt.timeSpent),
        ...questionIds.filter((id) => isAnswered(attempt.answers[id])),
        questionIds[Math.max(0, questionIds.indexOf(attempt.currentQuestion ?? ''))],
      ]),
  );
  const [paperOpen, setPaperOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stickyRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const navRef = useRef<HTMLDivElement>(null);
  const positionTimer = useRef<number | undefined>(undefined);
  const deadlineAt = useMemo(() => localDeadline(attempt, receivedAt), [attempt, receivedAt]);
  const seconds = useCountdown(deadlineAt);
  const submit = useSubmitExam();
  const autoSubmitted = useRef(false);
  const autoRetry = useRef<number | undefined>(undefined);
  const answersRef = useRef(answers);
  answersRef.current = answers;

  const autosave = useAutosave({
    examId: exam._id,
    userId,
    initialPending: localPending,
    serverAnswers: attempt.answers,
    save: (changed) => saveAnswers(exam._id, changed),
    onClosed,
  });

  const question = exam.questions[index];
  const answered = countAnswered(questionIds, answers);
  const progress: Progress = { answers, review, visited };
  const section = sections.find((s) => s.indexes.includes(index)) ?? sections[0];
  const passage = question.passage ? passages.get(question.passage) : undefined;

  const time = useTimeSpent(attempt.timeSpent, question._id, seconds > 0);
  const reviewRef = useRef(review);
  reviewRef.current = review;
  const currentRef = useRef(question._id);
  currentRef.current = question._id;
  const lastProgressSave = useRef(0);
  /** Sends the review flags and the time per question; a failure waits for the next one. */
  const syncProgress = useCallback(async () => {
    lastProgressSave.current = Date.now();
    try {
      await saveProgress(exam._id, { review: [...reviewRef.current], timeSpent: time.snapshot(), currentQuestion: currentRef.current });
    } catch {
      // The next navigation or the timer sends them again.
    }
  }, [exam._id, time]);
  useEffect(() => {
    const timer = window.setInterval(() => void syncProgress(), PROGRESS_SAVE_MS);
    return () => window.clearInterval(timer);
  }, [syncProgress]);
  useEffect(() => () => window.clearTimeout(positionTimer.current), []);

  /** Keeps the question the student moved to with the attempt: a reload or another device reopens there. */
  const savePosition = (questionId: string) => {
    window.clearTimeout(positionTimer.current);
    positionTimer.current = window.setTimeout(() => {
      saveProgress(exam._id, { currentQuestion: questionId }).catch(() => {
        // The next progress save carries the position again.
      });
    }, POSITION_SAVE_MS);
  };
  const isLast = index === exam.questions.length - 1;

  const setAnswer = (value: AnswerValue, immediate: boolean) => {
    setAnswers((a) => ({ ...a, [question._id]: value }));
    autosave.change(question._id, value, immediate);
  };

  const revealQuestion = useRevealQuestion({ stickyRef, cardRef, navRef, headingRef });

  // Start Exam is gone once the exam opens: move the keyboard focus to the first question, not to the page.
  useEffect(() => revealQuestion(true), [revealQuestion]);

  const goTo = (next: number, focusQuestion = false) => {
    void autosave.flush();
    setIndex(next);
    setVisited((v) => (v.has(questionIds[next]) ? v : new Set([...v, questionIds[next]])));
    currentRef.current = questionIds[next];
    if (Date.now() - lastProgressSave.current > 5_000) {
      window.clearTimeout(positionTimer.current);
      void syncProgress();
    } else savePosition(questionIds[next]);
    revealQuestion(focusQuestion);
  };

  const toggleReview = (id: string, on: boolean) => {
    const next = new Set(reviewRef.current);
    if (on) next.add(id);
    else next.delete(id);
    reviewRef.current = next;
    setReview(next);
    void syncProgress();
  };

  const markAndNext = () => {
    toggleReview(question._id, true);
    if (!isLast) goTo(index + 1);
  };

  const doSubmit = useCallback(
    (auto: boolean) => {
      window.clearTimeout(autoRetry.current);
      autoRetry.current = undefined;
      autosave.stop();
      setSubmitError(null);
      if (!auto) void syncProgress();
      submit.mutate(
        { examId: exam._id, answers: answersRef.current, startTime: attempt.startedAt, endTime: new Date().toISOString() },
        {
          onSuccess: (response) => {
            progressStore.clear(exam._id, userId);
            onSubmitted(response, auto);
          },
          onError: (err) => {
            const status = err instanceof ApiError ? err.status : 0;
            if (status === 409) {
              progressStore.clear(exam._id, userId);
              onClosed(errorMessage(err, SUBMIT_ERROR));
              return;
            }
            // At zero there is no one to press Submit again: keep trying (and at once when the connection
            // returns) until the server answers; after its grace it closes the attempt and says so with 409.
            if (auto && isRetryable(status)) {
              setSubmitError(errorMessage(err, SUBMIT_ERROR));
              autoRetry.current = window.setTimeout(() => doSubmit(true), AUTO_SUBMIT_RETRY_MS);
              return;
            }
            setConfirmOpen(false);
            setSubmitError(errorMessage(err, SUBMIT_ERROR));
            // Not submitted: the student is still answering, so the answers must keep reaching the server.
            if (!auto) autosave.resume();
          },
        },
      );
    },
    [autosave, submit, exam._id, attempt.startedAt, userId, onSubmitted, onClosed, syncProgress],
  );

  // docs/product.md section 4: at zero the exam is submitted automatically, without the dialog.
  useEffect(() => {
    if (seconds > 0 || autoSubmitted.current) return;
    autoSubmitted.current = true;
    setConfirmOpen(false);
    doSubmit(true);
  }, [seconds, doSubmit]);

  // An automatic submission waiting to be retried goes at once when the connection returns.
  const doSubmitRef = useRef(doSubmit);
  doSubmitRef.current = doSubmit;
  useEffect(() => {
    const online = () => {
      if (autoRetry.current !== undefined) doSubmitRef.current(true);
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      window.clearTimeout(autoRetry.current);
    };
  }, []);

  const timeUp = seconds <= 0;
  // After zero there is no dialog: Submit Exam submits at once (when the automatic submission was refused).
  const openSubmit = () => {
    if (!timeUp) setConfirmOpen(true);
    else if (!submit.isPending) doSubmit(true);
  };
  return (
    <div className="min-h-[70vh] bg-slate-100">
      <div ref={stickyRef} className="sticky top-16 z-30">
        <ExamHeader
          title={exam.title}
          current={index + 1}
          total={exam.questions.length}
          seconds={seconds}
          saveStatus={autosave.status}
          submitting={submit.isPending}
          onSubmit={openSubmit}
        />
        {autosave.connectionLost && <ConnectionBanner onRetry={autosave.retry} />}
      </div>
      <TimerAnnouncer seconds={seconds} />
      <div className="mx-auto grid max-w-7xl gap-4 px-4 py-4 lg:grid-cols-[1fr_18rem] lg:py-6">
        <div className="order-2 grid content-start gap-4 lg:order-1">
          {timeUp && (
            <div role="status" className="rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-brand-800">
              Time is up. Submitting your answers...
            </div>
          )}
          {submitError && <FormAlert>{submitError}</FormAlert>}
          {autosave.failed && <FormAlert>Your latest answers could not be saved: {autosave.failed}</FormAlert>}
          {sections.length > 1 || section.id !== null ? (
            <SectionTabs
              sections={sections}
              questionIds={questionIds}
              progress={progress}
              current={section}
              onSelect={(i) => goTo(i, true)}
            />
          ) : null}
          <div className={passage !== undefined ? 'grid gap-4 lg:grid-cols-2' : ''}>
            {passage !== undefined && question.passage && <PassagePane passageId={question.passage} body={passage} />}
            <div ref={cardRef} className="rounded-xl bg-white p-5 shadow-sm sm:p-6">
              <QuestionView
                key={question._id}
                ref={headingRef}
                question={question}
                number={index + 1}
                value={answers[question._id]}
                onChoose={(option) => setAnswer(option, true)}
                onType={(text) => setAnswer(text, false)}
              />
              {review.has(question._id) && (
                <p className="mt-4 flex items-center gap-2 text-sm text-violet-800">
                  <BookmarkCheck aria-hidden="true" className="h-4 w-4" /> Marked for review
                  <button type="button" className="underline" onClick={() => toggleReview(question._id, false)}>
                    Unmark
                  </button>
                </p>
              )}
              <div className="mt-6 grid grid-cols-2 gap-2 border-t border-slate-200 pt-4 sm:flex sm:flex-wrap sm:items-center sm:justify-between [&>button]:px-2 [&>button]:text-sm sm:[&>button]:px-4 sm:[&>button]:text-base [&_svg]:hidden sm:[&_svg]:block">
                <button type="button" className={buttonClass.secondary} disabled={index === 0} onClick={() => goTo(index - 1)}>
                  <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous
                </button>
                <button type="button" className={`${buttonClass.secondary} border-violet-300 text-violet-800`} onClick={markAndNext}>
                  <BookmarkCheck aria-hidden="true" className="h-4 w-4" /> Mark for Review &amp; Next
                </button>
                <button type="button" className={buttonClass.secondary} onClick={() => setAnswer(null, true)}>
                  <Eraser aria-hidden="true" className="h-4 w-4" /> Clear Answer
                </button>
                {isLast ? (
                  <button
                    type="button"
                    className={`${buttonClass.primary} bg-green-700 hover:bg-green-800`}
                    disabled={submit.isPending}
                    onClick={() => {
                      void autosave.flush();
                      openSubmit();
                    }}
                  >
                    <Send aria-hidden="true" className="h-4 w-4" /> Submit Exam
                  </button>
                ) : (
                  <button type="button" className={buttonClass.primary} onClick={() => goTo(index + 1)}>
                    Next <ChevronRight aria-hidden="true" className="h-4 w-4" />
                  </button>
                )}
              </div>
            </div>
          </div>
        </div>
        <div ref={navRef} className="order-1 grid content-start gap-3 lg:order-2">
          <NavPanel
            section={section}
            questionIds={questionIds}
            progress={progress}
            answered={answered}
            currentIndex={index}
            onSelect={(i) => goTo(i, true)}
          />
          <button type="button" className={`${buttonClass.secondary} w-full justify-center`} onClick={() => setPaperOpen(true)}>
            <FileText aria-hidden="true" className="h-4 w-4" /> Question Paper
          </button>
        </div>
      </div>
      <QuestionPaperDialog
        open={paperOpen}
        onOpenChange={setPaperOpen}
        exam={exam}
        sections={sections}
        progress={progress}
        onSelect={(i) => {
          setPaperOpen(false);
          goTo(i, true);
        }}
      />
      <ConfirmDialog
        open={confirmOpen && !timeUp}
        onOpenChange={(open) => !submit.isPending && setConfirmOpen(open)}
        title="Confirm Submission"
        tone="primary"
        confirmLabel="Submit"
        busyLabel="Submitting..."
        busy={submit.isPending}
        onConfirm={() => doSubmit(false)}
        message={
          <div className="grid gap-2">
            <p>
              You have answered <strong>{answered}</strong> of <strong>{exam.questions.length}</strong> questions.
            </p>
            <p>
              Time remaining: <strong className="font-mono">{formatTimer(seconds)}</strong>
            </p>
            {answered < exam.questions.length && (
              <p className="text-amber-800">{exam.questions.length - answered} question(s) are not answered.</p>
            )}
            <SectionSummary sections={sections} questionIds={questionIds} progress={progress} />
            <p>Once submitted, you cannot change your answers.</p>
          </div>
        }
      />
    </div>
  );
}
