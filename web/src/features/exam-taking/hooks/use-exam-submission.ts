import type { ExamStudent } from '@app/common/schemas/exam-views';
import type { Attempt } from '@app/common/schemas/exam-attempt';
import type { SubmitResponse } from '@app/common/schemas/submissions';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { type AnswerMap, submissionAnswers } from '../answers.ts';
import { useSubmitExam } from '../api/exam-attempt.ts';
import { placeStore } from './place-store.ts';
import { progressStore } from './progress-store.ts';
import type { useAutosave } from './use-autosave.ts';

const SUBMIT_ERROR = 'Error submitting exam. Please try again.';
/** At zero the submission is retried this often until the server answers (accepted, or 409 after the grace). */
const AUTO_SUBMIT_RETRY_MS = 3000;
const isRetryable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;

type Options = {
  exam: ExamStudent;
  attempt: Attempt;
  userId: string;
  answers: AnswerMap;
  seconds: number;
  autosave: ReturnType<typeof useAutosave>;
  /** Sends the review flags and the time per question before a submission the student asked for. */
  syncProgress: () => Promise<void>;
  onSubmitted: (response: SubmitResponse, auto: boolean) => void;
  /** The server will not take this submission any more (409): already submitted or closed. */
  onClosed: (message: string) => void;
};

/**
 * Submitting the exam: Submit Exam opens the confirmation, at zero the answers are submitted automatically
 * and retried until the server answers; a submission that failed lets the student carry on answering.
 */
export function useExamSubmission({ exam, attempt, userId, answers, seconds, autosave, syncProgress, onSubmitted, onClosed }: Options) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const submit = useSubmitExam();
  const autoSubmitted = useRef(false);
  const autoRetry = useRef<number | undefined>(undefined);
  const answersRef = useRef(answers);
  answersRef.current = answers;

  const doSubmit = useCallback(
    (auto: boolean) => {
      window.clearTimeout(autoRetry.current);
      autoRetry.current = undefined;
      autosave.stop();
      setSubmitError(null);
      if (!auto) void syncProgress();
      submit.mutate(
        {
          examId: exam._id,
          answers: submissionAnswers(
            exam.questions.map((q) => q._id),
            answersRef.current,
          ),
          startTime: attempt.startedAt,
          endTime: new Date().toISOString(),
        },
        {
          onSuccess: (response) => {
            progressStore.clear(exam._id, userId);
            placeStore.clear(exam._id, userId);
            onSubmitted(response, auto);
          },
          onError: (err) => {
            const status = err instanceof ApiError ? err.status : 0;
            if (status === 409) {
              progressStore.clear(exam._id, userId);
              placeStore.clear(exam._id, userId);
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
    [autosave, submit, exam._id, exam.questions, attempt.startedAt, userId, onSubmitted, onClosed, syncProgress],
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

  return { submit, doSubmit, confirmOpen, setConfirmOpen, submitError, timeUp, openSubmit };
}
