import type { AnswerMap, AnswerValue } from '../answers.ts';

/**
 * An answer not yet confirmed by the server, with what the server held for that question as this device
 * last knew it (`base`), and fingerprints of values this device sent whose answer never came back (`sent`:
 * the server may have saved them, the response being lost with the connection).
 */
export type PendingAnswer = { value: AnswerValue; base: AnswerValue; sent: string[] };
/** As read back: records written by the previous version hold bare values, without a base. */
type StoredAnswer = { value: AnswerValue; base?: AnswerValue; sent?: string[] };

// Answers not yet confirmed by the server are also kept in localStorage, keyed by exam and user, as a
// safety net: a crash, a closed tab or a lost connection does not lose them; they are resent on resume.
// Records with a base live under a new key, so that a tab still running the previous version never reads
// them as answers; the previous version's records are still read, and replaced on the next write.
const keyOf = (examId: string, userId: string) => `exam-progress:v2:${examId}:${userId}`;
const legacyKeyOf = (examId: string, userId: string) => `exam-progress:${examId}:${userId}`;
/** Enough for the saves of a long spell offline; older ones are the least likely to have arrived. */
const MAX_SENT = 20;

const isAnswerValue = (v: unknown): v is AnswerValue => v === null || typeof v === 'number' || typeof v === 'string';
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A short fingerprint (FNV-1a) of a value, so that a long text sent many times does not fill the storage. */
function fingerprintOf(value: AnswerValue): string {
  const text = JSON.stringify(value);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

/** Adds a fingerprint to those of a question's unconfirmed sends, newest last. */
export const withSent = (sent: string[] = [], value: AnswerValue) => {
  const fingerprint = fingerprintOf(value);
  return [...sent.filter((f) => f !== fingerprint), fingerprint].slice(-MAX_SENT);
};

function parseStored(raw: string | null): Record<string, StoredAnswer> {
  const parsed: unknown = raw ? JSON.parse(raw) : null;
  if (!isRecord(parsed)) return {};
  const entries: Record<string, StoredAnswer> = {};
  for (const [id, entry] of Object.entries(parsed)) {
    if (isAnswerValue(entry)) entries[id] = { value: entry };
    else if (isRecord(entry) && isAnswerValue(entry.value)) {
      entries[id] = {
        value: entry.value,
        base: isAnswerValue(entry.base) ? entry.base : undefined,
        sent: Array.isArray(entry.sent) ? entry.sent.filter((f): f is string => typeof f === 'string') : undefined,
      };
    }
  }
  return entries;
}

/**
 * Which kept answers to resend on resume. The server's answers win where another device changed the
 * question since this device last knew it: the server holds neither this device's base nor anything this
 * device sent. Otherwise the kept answer is the newer one. A record without a base is resent, as before.
 */
export function answersToResend(stored: Record<string, StoredAnswer>, serverAnswers: AnswerMap): AnswerMap {
  const resend: AnswerMap = {};
  for (const [id, { value, base, sent }] of Object.entries(stored)) {
    // A question never answered on the server is missing from its answers: the same as cleared (null).
    const onServer = serverAnswers[id] ?? null;
    const isUnchanged = base === undefined || onServer === base || (sent?.includes(fingerprintOf(onServer)) ?? false);
    if (isUnchanged) resend[id] = value;
  }
  return resend;
}

export const progressStore = {
  read(examId: string, userId: string): Record<string, StoredAnswer> {
    try {
      return parseStored(localStorage.getItem(keyOf(examId, userId)) ?? localStorage.getItem(legacyKeyOf(examId, userId)));
    } catch {
      return {};
    }
  },
  write(examId: string, userId: string, pending: Record<string, PendingAnswer>) {
    try {
      localStorage.removeItem(legacyKeyOf(examId, userId));
      if (Object.keys(pending).length === 0) localStorage.removeItem(keyOf(examId, userId));
      else localStorage.setItem(keyOf(examId, userId), JSON.stringify(pending));
    } catch {
      // Storage full or disabled: the server copy and memory still hold the answers.
    }
  },
  clear(examId: string, userId: string) {
    try {
      localStorage.removeItem(keyOf(examId, userId));
      localStorage.removeItem(legacyKeyOf(examId, userId));
    } catch {
      // ignore
    }
  },
};
