import type { ExamStudent } from '@app/common/schemas/exam-views';
import type { Attempt } from '@app/common/schemas/exam-attempt';
import type { SubmitResponse } from '@app/common/schemas/submissions';
import { BookmarkCheck, FileText } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { buttonClass, FormAlert } from '../../../components/field.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { type AnswerMap, type AnswerValue, countAnswered } from '../answers.ts';
import { saveAnswers } from '../api/exam-attempt.ts';
import { passageMap, type Progress, sectionsOf } from '../paper.ts';
import { answersToResend, progressStore } from '../hooks/progress-store.ts';
import { useAutosave } from '../hooks/use-autosave.ts';
import { localDeadline, useCountdown } from '../hooks/use-countdown.ts';
import { type PlaceForSave, useExamNavigation } from '../hooks/use-exam-navigation.ts';
import { useExamSubmission } from '../hooks/use-exam-submission.ts';
import { ExamHeader } from './exam-header.tsx';
import { TimerAnnouncer } from './exam-timer.tsx';
import { NavPanel } from './nav-panel.tsx';
import { PassagePane } from './passage-pane.tsx';
import { QuestionActions } from './question-actions.tsx';
import { QuestionPaperDialog } from './question-paper-dialog.tsx';
import { QuestionView } from './question-view.tsx';
import { SectionTabs } from './section-tabs.tsx';
import { ConnectionBanner } from './save-indicator.tsx';
import { SubmitConfirmDialog } from './submit-confirm-dialog.tsx';

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
  const [paperOpen, setPaperOpen] = useState(false);
  const deadlineAt = useMemo(() => localDeadline(attempt, receivedAt), [attempt, receivedAt]);
  const seconds = useCountdown(deadlineAt);

  // Each answer save carries the place in the paper (use-exam-navigation.ts), set once navigation exists.
  const placeForSave = useRef<() => PlaceForSave>(() => ({ body: {}, saved: () => {} }));
  const autosave = useAutosave({
    examId: exam._id,
    userId,
    initialPending: localPending,
    serverAnswers: attempt.answers,
    save: async (changed) => {
      const place = placeForSave.current();
      const response = await saveAnswers(exam._id, changed, place.body);
      place.saved();
      return response;
    },
    onClosed,
  });

  const nav = useExamNavigation({
    exam,
    attempt,
    userId,
    clockOffset: Date.parse(attempt.serverNow) - receivedAt,
    questionIds,
    seconds,
    autosave,
  });
  const { index, question, goTo } = nav;
  placeForSave.current = nav.placeForSave;
  const { submit, doSubmit, confirmOpen, setConfirmOpen, submitError, timeUp, openSubmit } = useExamSubmission({
    exam,
    attempt,
    userId,
    answers,
    seconds,
    autosave,
    syncProgress: nav.syncProgress,
    onSubmitted,
    onClosed,
  });

  const answered = countAnswered(questionIds, answers);
  const progress: Progress = { answers, review: nav.review, visited: nav.visited };
  const section = sections.find((s) => s.indexes.includes(index)) ?? sections[0];
  const passage = question.passage ? passages.get(question.passage) : undefined;

  const setAnswer = (value: AnswerValue, immediate: boolean) => {
    setAnswers((a) => ({ ...a, [question._id]: value }));
    autosave.change(question._id, value, immediate);
  };

  return (
    <div className="min-h-[70vh] bg-slate-100">
      <div ref={nav.stickyRef} className="sticky top-0 z-30">
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
            <div ref={nav.cardRef} className="rounded-xl bg-white p-5 shadow-sm sm:p-6">
              <QuestionView
                key={question._id}
                ref={nav.headingRef}
                question={question}
                number={index + 1}
                value={answers[question._id]}
                onChoose={(option) => setAnswer(option, true)}
                onType={(text) => setAnswer(text, false)}
              />
              {nav.review.has(question._id) && (
                <p className="mt-4 flex items-center gap-2 text-sm text-violet-800">
                  <BookmarkCheck aria-hidden="true" className="h-4 w-4" /> Marked for review
                  <button type="button" className="underline" onClick={() => nav.toggleReview(question._id, false)}>
                    Unmark
                  </button>
                </p>
              )}
              <QuestionActions
                isFirst={index === 0}
                isLast={nav.isLast}
                submitting={submit.isPending}
                onPrevious={() => goTo(index - 1)}
                onMarkAndNext={nav.markAndNext}
                onClear={() => setAnswer(null, true)}
                onNext={() => goTo(index + 1)}
                onSubmit={() => {
                  void autosave.flush();
                  openSubmit();
                }}
              />
            </div>
          </div>
        </div>
        <div ref={nav.navRef} className="order-1 grid content-start gap-3 lg:order-2">
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
      <SubmitConfirmDialog
        open={confirmOpen && !timeUp}
        onOpenChange={(open) => !submit.isPending && setConfirmOpen(open)}
        busy={submit.isPending}
        onConfirm={() => doSubmit(false)}
        answered={answered}
        total={exam.questions.length}
        seconds={seconds}
        sections={sections}
        questionIds={questionIds}
        progress={progress}
      />
    </div>
  );
}
