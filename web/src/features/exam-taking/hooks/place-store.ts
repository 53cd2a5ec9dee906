import type { Attempt } from '@app/common/schemas/exam-attempt';

/** Where the student is in the paper: the question on screen, the review flags and the seconds per question. */
export type Place = { currentQuestion: string | null; review: string[]; timeSpent: Record<string, number> };

/**
 * The place as this device last had it and the server may not (its saves failed, or have not been made
 * yet), with when it was: `at` is the server's clock as this device reckons it (milliseconds), so that it
 * compares with the attempt's `savedAt`.
 */
export type KeptPlace = Place & { at: number };

// Kept in localStorage beside the unsaved answers (progress-store.ts), keyed by exam and user: a reload
// after a lost connection reopens where the student was, with every question seen offline visited.
const keyOf = (examId: string, userId: string) => `exam-place:v1:${examId}:${userId}`;

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isSeconds = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function parseKept(raw: string | null): KeptPlace | null {
  const v: unknown = raw ? JSON.parse(raw) : null;
  if (!isRecord(v) || typeof v.at !== 'number' || !Number.isFinite(v.at)) return null;
  const timeSpent: Record<string, number> = {};
  if (isRecord(v.timeSpent)) for (const [id, s] of Object.entries(v.timeSpent)) if (isSeconds(s)) timeSpent[id] = s;
  return {
    at: v.at,
    currentQuestion: typeof v.currentQuestion === 'string' ? v.currentQuestion : null,
    review: Array.isArray(v.review) ? v.review.filter((id): id is string => typeof id === 'string') : [],
    timeSpent,
  };
}

export const placeStore = {
  read(examId: string, userId: string): KeptPlace | null {
    try {
      return parseKept(localStorage.getItem(keyOf(examId, userId)));
    } catch {
      return null;
    }
  },
  write(examId: string, userId: string, place: KeptPlace) {
    try {
      localStorage.setItem(keyOf(examId, userId), JSON.stringify(place));
    } catch {
      // Storage full or disabled: the server's copy and memory still hold the place.
    }
  },
  clear(examId: string, userId: string) {
    try {
      localStorage.removeItem(keyOf(examId, userId));
    } catch {
      // ignore
    }
  },
};

/**
 * Where a (re)opened attempt carries on: the server's place, or this device's kept one where it is newer.
 * Seconds and visits only grow, so they are merged (the larger count of each question; a question seen on
 * either is visited); the question on screen and the review flags are those of whichever is newer: the kept
 * place when it was made after the server's last save (another device's save after it wins). A kept place
 * of an earlier attempt (a practice exam restarted) is ignored; ids no longer in the paper are dropped.
 * `isKept`: the kept place added something, and the server should be told.
 */
export function resumePlace(attempt: Attempt, kept: KeptPlace | null, questionIds: readonly string[]): Place & { isKept: boolean } {
  const server: Place = { currentQuestion: attempt.currentQuestion, review: attempt.review, timeSpent: attempt.timeSpent };
  if (!kept || kept.at < Date.parse(attempt.startedAt)) return { ...server, isKept: false };
  const inPaper = new Set(questionIds);
  const timeSpent = { ...attempt.timeSpent };
  let isKept = false;
  for (const [id, seconds] of Object.entries(kept.timeSpent)) {
    if (inPaper.has(id) && seconds > (timeSpent[id] ?? -1)) {
      timeSpent[id] = seconds;
      isKept = true;
    }
  }
  const isNewer = kept.at > Date.parse(attempt.savedAt ?? attempt.startedAt);
  if (!isNewer) return { ...server, timeSpent, isKept };
  const currentQuestion =
    kept.currentQuestion !== null && inPaper.has(kept.currentQuestion) ? kept.currentQuestion : server.currentQuestion;
  const review = kept.review.filter((id) => inPaper.has(id));
  const isSame = currentQuestion === server.currentQuestion && review.join() === server.review.join();
  return { currentQuestion, review, timeSpent, isKept: isKept || !isSame };
}
