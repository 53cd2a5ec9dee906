import type { ExamStudent } from '@app/common/schemas/exam-views';
import type { Attempt, SaveAnswersBody } from '@app/common/schemas/exam-attempt';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isAnswered } from '../answers.ts';
import { saveProgress } from '../api/exam-attempt.ts';
import { type Place, placeStore, resumePlace } from './place-store.ts';
import type { useAutosave } from './use-autosave.ts';
import { useRevealQuestion } from './use-reveal-question.ts';
import { useTimeSpent } from './use-time-spent.ts';

/** Review flags and seconds per question reach the server at least this often while the student works. */
const PROGRESS_SAVE_MS = 30_000;
/** Moving between questions saves the position after this pause (several quick moves make one save). */
const POSITION_SAVE_MS = 400;

/** What an answer save carries of the place, and what to do once the server has taken it. */
export type PlaceForSave = { body: Omit<SaveAnswersBody, 'answers'>; saved: () => void };

type Options = {
  exam: ExamStudent;
  attempt: Attempt;
  userId: string;
  /** The server's clock minus this device's, in milliseconds (the attempt's serverNow against its arrival). */
  clockOffset: number;
  questionIds: string[];
  seconds: number;
  autosave: ReturnType<typeof useAutosave>;
};

/**
 * Where the student is in the paper: the question on screen, the review flags and the questions visited,
 * kept with the attempt (with the time per question) so a reload or another device carries on there. The
 * place is also kept on this device until the server has all of it (place-store.ts): a reload after a lost
 * connection reopens where the student was, and the place reaches the server with the next save.
 */
export function useExamNavigation({ exam, attempt, userId, clockOffset, questionIds, seconds, autosave }: Options) {
  // Resume on the question the student was on, on this device or another, whichever is newer.
  const [resumed] = useState(() => resumePlace(attempt, placeStore.read(exam._id, userId), questionIds));
  const [index, setIndex] = useState(() => Math.max(0, questionIds.indexOf(resumed.currentQuestion ?? '')));
  const [review, setReview] = useState<ReadonlySet<string>>(() => new Set(resumed.review));
  // A question seen before (it has a time, even 0 seconds, or an answer) is no longer Not Visited.
  const [visited, setVisited] = useState<ReadonlySet<string>>(
    () =>
      new Set([
        ...Object.keys(resumed.timeSpent),
        ...questionIds.filter((id) => isAnswered(attempt.answers[id])),
        questionIds[Math.max(0, questionIds.indexOf(resumed.currentQuestion ?? ''))],
      ]),
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stickyRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const navRef = useRef<HTMLDivElement>(null);
  const positionTimer = useRef<number | undefined>(undefined);

  const question = exam.questions[index];

  const time = useTimeSpent(resumed.timeSpent, question._id, seconds > 0);
  const reviewRef = useRef(review);
  reviewRef.current = review;
  const currentRef = useRef(question._id);
  currentRef.current = question._id;
  const lastProgressSave = useRef(0);
  // The server may lack part of the place: a save of it failed, or the kept place added to the server's.
  // While so, every save carries the whole place, and the connection's return sends it.
  const isUnsent = useRef(resumed.isKept);
  // Bumped by every change kept: a save confirms the kept place only if nothing changed while it was sent.
  const revision = useRef(0);

  const placeNow = useCallback((): Place & { currentQuestion: string } => {
    const timeSpent = time.snapshot();
    // The question just opened is visited, even before its first second is counted.
    timeSpent[currentRef.current] ??= 0;
    return { currentQuestion: currentRef.current, review: [...reviewRef.current], timeSpent };
  }, [time]);

  /** Keeps the place on this device, stamped with the server's time as this device reckons it. */
  const keep = useCallback(() => {
    revision.current += 1;
    placeStore.write(exam._id, userId, { ...placeNow(), at: Date.now() + clockOffset });
  }, [exam._id, userId, clockOffset, placeNow]);

  /** The server has the whole place as it stood at `rev`: nothing is left to keep, unless it changed since. */
  const confirm = useCallback(
    (rev: number) => {
      if (revision.current !== rev) return;
      isUnsent.current = false;
      placeStore.clear(exam._id, userId);
    },
    [exam._id, userId],
  );

  /** Sends the review flags, the time per question and the question on screen; a failure waits for the next one. */
  const syncProgress = useCallback(async () => {
    lastProgressSave.current = Date.now();
    keep();
    const rev = revision.current;
    try {
      await saveProgress(exam._id, placeNow());
      confirm(rev);
    } catch {
      // Kept on this device: the next save, the connection's return or the timer sends it again.
      isUnsent.current = true;
    }
  }, [exam._id, keep, placeNow, confirm]);

  /**
   * What an answer save carries: always the question on screen (a small field of the same statement), and
   * the whole place while the server may lack part of it.
   */
  const placeForSave = useCallback((): PlaceForSave => {
    if (!isUnsent.current) return { body: { currentQuestion: currentRef.current }, saved: () => {} };
    const rev = revision.current;
    return { body: placeNow(), saved: () => confirm(rev) };
  }, [placeNow, confirm]);

  useEffect(() => {
    const timer = window.setInterval(() => void syncProgress(), PROGRESS_SAVE_MS);
    const online = () => {
      if (isUnsent.current) void syncProgress();
    };
    window.addEventListener('online', online);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', online);
    };
  }, [syncProgress]);
  useEffect(() => () => window.clearTimeout(positionTimer.current), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the attempt opens with a kept place the server lacks
  useEffect(() => {
    if (resumed.isKept) void syncProgress();
  }, []);

  /** Keeps the question the student moved to with the attempt: a reload or another device reopens there. */
  const savePosition = (questionId: string) => {
    window.clearTimeout(positionTimer.current);
    positionTimer.current = window.setTimeout(() => {
      if (isUnsent.current) {
        void syncProgress();
        return;
      }
      saveProgress(exam._id, { currentQuestion: questionId }).catch(() => {
        // Kept on this device: the next save carries the whole place.
        isUnsent.current = true;
      });
    }, POSITION_SAVE_MS);
  };
  const isLast = index === exam.questions.length - 1;

  const revealQuestion = useRevealQuestion({ stickyRef, cardRef, navRef, headingRef });

  // Start Exam is gone once the exam opens: move the keyboard focus to the first question, not to the page.
  useEffect(() => revealQuestion(true), [revealQuestion]);

  const goTo = (next: number, focusQuestion = false) => {
    // The question moved to first: the answers flushed now carry it, as the position save after them does,
    // so whichever of the two lands last leaves the server on this question.
    currentRef.current = questionIds[next];
    void autosave.flush();
    setIndex(next);
    setVisited((v) => (v.has(questionIds[next]) ? v : new Set([...v, questionIds[next]])));
    if (Date.now() - lastProgressSave.current > 5_000) {
      window.clearTimeout(positionTimer.current);
      void syncProgress();
    } else {
      keep();
      savePosition(questionIds[next]);
    }
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
    placeForSave,
    goTo,
    toggleReview,
    markAndNext,
  };
}
