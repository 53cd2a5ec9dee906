import type { AnswerMap } from '../answers.ts';

// Answers not yet confirmed by the server are also kept in localStorage, keyed by exam and user, as a
// safety net: a crash, a closed tab or a lost connection does not lose them; they are resent on resume.
const keyOf = (examId: string, userId: string) => `exam-progress:${examId}:${userId}`;

export const progressStore = {
  read(examId: string, userId: string): AnswerMap {
    try {
      const raw = localStorage.getItem(keyOf(examId, userId));
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as AnswerMap) : {};
    } catch {
      return {};
    }
  },
  write(examId: string, userId: string, pending: AnswerMap) {
    try {
      if (Object.keys(pending).length === 0) localStorage.removeItem(keyOf(examId, userId));
      else localStorage.setItem(keyOf(examId, userId), JSON.stringify(pending));
    } catch {
      // Storage full or disabled: the server copy and memory still hold the answers.
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
