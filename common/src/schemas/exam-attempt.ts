import { z } from 'zod';
import { MAX_TEXT_ANSWER } from './exams.ts';

// A student's attempt at an exam: its answers, review flags and seconds as the exam screen saves them
// (docs/product.md section 3, docs/architecture.md "The exam hall").

/** A saved answer: MCQ option index, descriptive text, or null when cleared (docs/product.md section 3). */
export const answerValue = z.union([
  z.number().int('An option must be a whole number').min(0, 'Invalid option'),
  z.string().max(MAX_TEXT_ANSWER, `An answer can be at most ${MAX_TEXT_ANSWER} characters`),
  z.null(),
]);
export type AnswersMap = Record<string, z.infer<typeof answerValue>>;

/**
 * A map of question ids checked in one pass over its entries: `isValid` accepts exactly the values `record`
 * accepts, and only when an entry fails does `record` run, to word each error as it always has. A hall's
 * saves and submits each carry about 120 entries, and zod's parse of each entry (and its copy of the map)
 * showed in the server's profile at the bell (bench/PERFORMANCE.md, "The exam hall"). `docs` describes the
 * field in the API description, where zod can only show a custom check as "any".
 */
function questionMap<T>(record: z.ZodType<Record<string, T>>, isValid: (v: unknown) => boolean, docs: Record<string, unknown>) {
  return z
    .custom<Record<string, T>>()
    .check((ctx) => {
      const map = ctx.value;
      if (typeof map === 'object' && map !== null && !Array.isArray(map)) {
        let valid = true;
        for (const id in map) {
          if (!isValid((map as Record<string, unknown>)[id])) {
            valid = false;
            break;
          }
        }
        if (valid) return;
      }
      const checked = record.safeParse(map);
      // Issues already worded by `record`, passed on as they are (zod prefixes the field's path).
      if (!checked.success) for (const issue of checked.error.issues) ctx.issues.push(issue as z.core.$ZodRawIssue);
    })
    .meta({ type: 'object', additionalProperties: docs });
}

/** A whole number from 0: an option index, or seconds. */
const isWholeCount = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Question id → answer, as `answerValue` allows. */
export const answersMap = questionMap<z.infer<typeof answerValue>>(
  z.record(z.string(), answerValue),
  (v) => v === null || isWholeCount(v) || (typeof v === 'string' && v.length <= MAX_TEXT_ANSWER),
  {
    nullable: true,
    anyOf: [
      { type: 'integer', minimum: 0 },
      { type: 'string', maxLength: MAX_TEXT_ANSWER },
    ],
  },
);

/** POST /api/exams/{examId}/attempt: starts or resumes; the server's clock decides the time left. */
export const attemptSchema = z.object({
  startedAt: z.string(),
  deadline: z.string(),
  serverNow: z.string(),
  remainingSeconds: z.number().int(),
  answers: answersMap,
  review: z.array(z.string()),
  timeSpent: z.record(z.string(), z.number()),
  /** The question the student was on when last saved (null before the first move): the exam reopens there. */
  currentQuestion: z.string().nullable(),
  savedAt: z.string().nullable(),
});
export type Attempt = z.infer<typeof attemptSchema>;

/** PUT /api/exams/{examId}/attempt/answers: merged into what is saved. */
export const saveAnswersBody = z.object({
  answers: answersMap.default({}),
  /** Every question now marked for review (replaces the saved list); absent: unchanged. */
  review: z
    .array(z.string({ error: 'A review entry must be a question id' }), { error: 'review must be a list of question ids' })
    .max(1_000)
    .optional(),
  /** Cumulative seconds per question as the browser counted them. */
  timeSpent: questionMap<number>(
    z.record(
      z.string(),
      z
        .number({ error: 'Time spent must be a number of seconds' })
        .int('Time spent must be whole seconds')
        .min(0, 'Time spent cannot be negative'),
      { error: 'timeSpent must map question ids to seconds' },
    ),
    isWholeCount,
    { type: 'integer', minimum: 0 },
  ).optional(),
  /** The question the student is now on; absent: unchanged. */
  currentQuestion: z
    .string({ error: 'currentQuestion must be a question id' })
    .max(100, 'currentQuestion must be a question id')
    .optional(),
});
export type SaveAnswersBody = z.infer<typeof saveAnswersBody>;
export const saveAnswersResponse = z.object({ savedAt: z.string(), serverNow: z.string(), remainingSeconds: z.number().int() });
export type SaveAnswersResponse = z.infer<typeof saveAnswersResponse>;
