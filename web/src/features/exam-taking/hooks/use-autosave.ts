import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import type { AnswerMap, AnswerValue } from '../answers.ts';
import { type PendingAnswer, progressStore, withSent } from './progress-store.ts';

export type SaveStatus = 'saved' | 'saving' | 'unsaved';

/** Typing is saved this long after the last keystroke; navigation and option changes are saved at once. */
const AUTOSAVE_DEBOUNCE_MS = 1500;
const MAX_BACKOFF_MS = 30_000;
const hasAny = (answers: AnswerMap) => Object.keys(answers).length > 0;

type Options = {
  examId: string;
  userId: string;
  /** Answers found in localStorage when the attempt resumed, and still newer than the server's: sent at once. */
  initialPending: AnswerMap;
  /** The server's saved answers when the attempt resumed: the base each unsent answer is kept with. */
  serverAnswers: AnswerMap;
  save: (changed: AnswerMap) => Promise<unknown>;
  /** The server refused a save with 409: the attempt is closed (time over, or submitted on another device). */
  onClosed?: (message: string) => void;
};

/**
 * Saves changed answers to the server (docs/product.md section 10): debounced while typing, immediately on
 * navigation and option change, retried with a growing delay while the connection is down.
 */
export function useAutosave({ examId, userId, initialPending, serverAnswers, save, onClosed }: Options) {
  const pending = useRef<AnswerMap>({ ...initialPending });
  // What the server holds as far as this device knows, and per question what was sent without an answer.
  const known = useRef<AnswerMap>({ ...serverAnswers });
  const unconfirmed = useRef<Record<string, string[]>>({});
  const inFlight = useRef(false);
  const failures = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const stopped = useRef(false);
  const saveRef = useRef(save);
  saveRef.current = save;
  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;
  const [status, setStatus] = useState<SaveStatus>(Object.keys(initialPending).length ? 'saving' : 'saved');
  const [connectionLost, setConnectionLost] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  /** Keeps the unsent answers in localStorage, each with its base (see progress-store.ts). */
  const persist = useCallback(() => {
    const entries: Record<string, PendingAnswer> = {};
    for (const [id, value] of Object.entries(pending.current)) {
      entries[id] = { value, base: known.current[id] ?? null, sent: unconfirmed.current[id] ?? [] };
    }
    progressStore.write(examId, userId, entries);
  }, [examId, userId]);

  const flush = useCallback(async (): Promise<void> => {
    window.clearTimeout(timer.current);
    if (stopped.current || inFlight.current || !hasAny(pending.current)) return;
    const batch = { ...pending.current };
    inFlight.current = true;
    setStatus('saving');
    try {
      await saveRef.current(batch);
      for (const [id, value] of Object.entries(batch)) {
        known.current[id] = value;
        delete unconfirmed.current[id];
        // Keep whatever changed again while the request was on its way.
        if (pending.current[id] === value) delete pending.current[id];
      }
      persist();
      failures.current = 0;
      setConnectionLost(false);
      setFailed(null);
      setStatus(hasAny(pending.current) ? 'saving' : 'saved');
      inFlight.current = false;
      if (hasAny(pending.current)) void flush();
    } catch (err) {
      inFlight.current = false;
      const status = err instanceof ApiError ? err.status : 0;
      const retryable = status === 0 || status === 408 || status === 429 || status >= 500;
      if (retryable) {
        // No answer, or one from a proxy: the server may have saved the batch all the same.
        for (const [id, value] of Object.entries(batch)) unconfirmed.current[id] = withSent(unconfirmed.current[id], value);
      }
      // Submitting: the submission carries every answer (and clears the kept ones once accepted), and a save
      // it overtook is refused with 409.
      if (stopped.current) return;
      if (retryable) persist();
      setStatus('unsaved');
      if (status === 409) {
        onClosedRef.current?.(err instanceof Error ? err.message : 'Not saved');
        return;
      }
      if (!retryable) {
        // The attempt is closed or the answer was refused: retrying cannot help.
        setFailed(err instanceof Error ? err.message : 'Not saved');
        return;
      }
      if (status === 0) setConnectionLost(true);
      failures.current += 1;
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures.current);
      timer.current = window.setTimeout(() => void flush(), delay);
    }
  }, [persist]);

  /** Records a change; `immediate` saves now, otherwise after the typing pause. */
  const change = useCallback(
    (questionId: string, value: AnswerValue, immediate: boolean) => {
      pending.current[questionId] = value;
      persist();
      if (!inFlight.current) setStatus((s) => (s === 'unsaved' && failures.current > 0 ? s : 'saving'));
      window.clearTimeout(timer.current);
      if (immediate) void flush();
      else timer.current = window.setTimeout(() => void flush(), AUTOSAVE_DEBOUNCE_MS);
    },
    [persist, flush],
  );

  /** Stops saving (the exam is being submitted with the full set of answers). */
  const stop = useCallback(() => {
    stopped.current = true;
    window.clearTimeout(timer.current);
  }, []);

  /** Saves again after a submission that did not go through: the student is still answering. */
  const resume = useCallback(() => {
    stopped.current = false;
    void flush();
  }, [flush]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: set up once per attempt (flush is stable for it)
  useEffect(() => {
    // Rewrite what was read: answers dropped on resume (another device changed them since) must not return.
    persist();
    if (hasAny(pending.current)) void flush();
    const online = () => {
      failures.current = 0;
      // Nothing waiting to be saved: no request will come back to clear the warning, so clear it here.
      if (!hasAny(pending.current)) setConnectionLost(false);
      void flush();
    };
    const offline = () => setConnectionLost(true);
    // Warn before leaving while answers are not yet on the server.
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (hasAny(pending.current) && !stopped.current) e.preventDefault();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('beforeunload', beforeUnload);
      window.clearTimeout(timer.current);
    };
  }, []);

  return { status, connectionLost, failed, change, flush, stop, resume, retry: () => void flush() };
}
