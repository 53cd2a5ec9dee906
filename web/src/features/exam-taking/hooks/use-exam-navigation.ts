import type { ExamStudent } from '@app/common/schemas/exam-views';
import type { Attempt } from '@app/common/schemas/exam-attempt';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAnswered } from '../answers.ts';
import { saveProgress } from '../api/exam-attempt.ts';
import type { useAutosave } from './use-autosave.ts';
import { useRevealQuestion } from './use-reveal-question.ts';
import { useTimeSpent } from './use-time-spent.ts';

/** Review flags and seconds per question reach the server at least this often while the student works. */
export const PROGRESS_SAVE_MS = 30_000;
/** Moving between questions saves the position after this pause (several quick moves make one save). */
export const POSITION_SAVE_MS = 400;

type Options = {
  exam: ExamStudent;
  attempt: Attempt;
  questionIds: string[];
  seconds: number;
  autosave: ReturnType<typeof useAutosave>;
};

/**
 * Where the student is in the paper: the question on screen, the review flags and the questions visited,
 * kept with the attempt (with the time per question) so a reload or another device carries on there.
 */
export function useExamNavigation({ exam, attempt, questionIds, seconds, autosave }: Options) {
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
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stickyRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const navRef = useRef<HTMLDivElement>(null);
  const positionTimer = useRef<number | undefined>(undefined);

  const question = exam.questions[index];

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

  return {
    index,
    question,
    isLast,
    review,
    visited,
    headingRef,
    stickyRef,
    cardRef,
    navRef,
    syncProgress,
    goTo,
    toggleReview,
    markAndNext,
  };
}
