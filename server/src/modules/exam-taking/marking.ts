import { marksFor, mcqOutcome, writtenAnswer } from '@app/common/rules/marking';
import { round2 } from '@app/common/rules/rounding';
import { SUBMISSION_MESSAGES } from '@app/common/schemas/submissions';
import type { AttemptAnswers, SubmissionAnswer } from '../../db/schema.ts';
import { markedAnswerJson } from '../../db/marked-answers.ts';

export type MarkQuestion = {
  id: string;
  type: 'mcq' | 'descriptive';
  options: string[];
  correctAnswer: number | null;
  marks: number | string;
  /** What a wrong MCQ answer costs (the question's own penalty, else the exam's); absent: 0. */
  negativeMarks?: number;
};

/** PASS/FAIL of a complete marking; none for a ranked mock without a pass mark. */
export const passedOf = (marks: number, passingMarks: number | string | null) =>
  passingMarks === null ? null : marks >= Number(passingMarks);

function mcqIndex(q: MarkQuestion, v: unknown): number | null {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < q.options.length ? n : null;
}

/**
 * A fact of a question list worked out once per list: the marking cache hands out the same list for an
 * exam version, so its index and the rest are built on its first use.
 */
function perList<T>(build: (qs: MarkQuestion[]) => T): (qs: MarkQuestion[]) => T {
  const built = new WeakMap<MarkQuestion[], T>();
  return (qs) => {
    if (!built.has(qs)) built.set(qs, build(qs));
    return built.get(qs) as T;
  };
}

const questionsById = perList((qs) => new Map(qs.map((q) => [q.id, q])));

/** Whether every question is an MCQ (the submit then shows the score). */
export const isMcqOnly = perList((qs) => qs.every((q) => q.type === 'mcq'));

/**
 * Checks answers against the exam's questions: ids of this exam, an option index in range for MCQ,
 * text for descriptive. Returns what is valid and a message per invalid entry.
 */
export function checkAnswers(qs: MarkQuestion[], answers: Record<string, unknown>) {
  const byId = questionsById(qs);
  const clean: AttemptAnswers = {};
  const errors: Record<string, string> = {};
  for (const id in answers) {
    const v = answers[id];
    const q = byId.get(id);
    if (!q) {
      errors[`answers.${id}`] = SUBMISSION_MESSAGES.unknownQuestion;
    } else if (v === null) {
      clean[id] = null;
    } else if (q.type === 'mcq') {
      const index = mcqIndex(q, v);
      if (index === null) errors[`answers.${id}`] = 'Please choose one of the options';
      else clean[id] = index;
    } else if (typeof v === 'string') {
      clean[id] = v;
    } else {
      errors[`answers.${id}`] = 'A descriptive answer must be text';
    }
  }
  return { clean, errors };
}

/**
 * The saved answers with the sent ones over them: the saved map itself when the sent change nothing, else
 * `sent` with the saved answers it does not name added to it. `sent` must be the caller's own new map
 * (checkAnswers' `clean`): no third map is built, as a hall's submits at the bell each carry about 120
 * entries and copying them twice showed in the server's profile.
 */
export function mergeAnswers(saved: AttemptAnswers, sent: AttemptAnswers): AttemptAnswers {
  let changed = false;
  for (const id in sent) {
    // A missing saved answer reads undefined, which no sent answer is (a number, text or null).
    if (saved[id] !== sent[id]) {
      changed = true;
      break;
    }
  }
  if (!changed) return saved;
  for (const id in saved) if (!(id in sent)) sent[id] = saved[id];
  return sent;
}

export type Marking = {
  answers: SubmissionAnswer[];
  marksObtained: number;
  correctAnswers: number;
  incorrectAnswers: number;
  unattempted: number;
  status: 'SUBMITTED' | 'EVALUATED';
};

/** What marking one question gives: the option chosen, the text written, the marks (null: waiting for an admin). */
type MarkedOne = { selected: number | null; text: string | null; obtained: number | null };

/**
 * Marks every question of the paper in order, each by the one rule of common/src/rules/marking.ts (a correct
 * MCQ answer earns the question's marks, a wrong one loses its penalty, an unattempted one 0); a written
 * descriptive answer waits for an admin (marks null), a blank one is unattempted with 0. `each` is handed each question's outcome
 * (one object, reused) and the tallies are returned, EVALUATED when nothing waits.
 */
function markEach(qs: MarkQuestion[], saved: AttemptAnswers, each: (q: MarkQuestion, one: MarkedOne, index: number) => void) {
  let correct = 0;
  let incorrect = 0;
  let unattempted = 0;
  let waiting = 0;
  let marks = 0;
  const one: MarkedOne = { selected: null, text: null, obtained: 0 };
  for (let i = 0; i < qs.length; i++) {
    const q = qs[i];
    const v = saved[q.id];
    if (q.type === 'mcq') {
      const selected = mcqIndex(q, v);
      const outcome = mcqOutcome(selected, q.correctAnswer);
      if (outcome === 'correct') correct++;
      else if (outcome === 'wrong') incorrect++;
      else unattempted++;
      const obtained = marksFor(outcome, Number(q.marks), q.negativeMarks ?? 0);
      marks += obtained;
      one.selected = selected;
      one.text = null;
      one.obtained = obtained;
    } else {
      const text = writtenAnswer(v);
      if (text === null) unattempted++;
      else waiting++;
      one.selected = null;
      one.text = text;
      one.obtained = text === null ? 0 : null;
    }
    each(q, one, i);
  }
  return {
    marksObtained: round2(marks),
    correctAnswers: correct,
    incorrectAnswers: incorrect,
    unattempted,
    status: waiting > 0 ? ('SUBMITTED' as const) : ('EVALUATED' as const),
  };
}

/** Marks the answers now (`markEach`), each marked answer as an object. */
export function markAnswers(qs: MarkQuestion[], saved: AttemptAnswers): Marking {
  const answers: SubmissionAnswer[] = [];
  const totals = markEach(qs, saved, (q, m) => {
    answers.push({ questionId: q.id, selectedOption: m.selected, textAnswer: m.text, marksObtained: m.obtained });
  });
  return { answers, ...totals };
}

// Each question's id as its stored tuple writes it (db/marked-answers.ts).
const tupleIdsOf = perList((qs) => qs.map((q) => JSON.stringify(q.id)));

/**
 * Marks the answers as `markAnswers` does, with the marked answers as the JSON text of their stored tuples
 * (db/marked-answers.ts: exactly `JSON.stringify(encodeMarkedAnswers(answers))`) instead of objects: the
 * submit's batched statement writes that text as it is, so a hall's submits at the bell build no 120
 * objects and 120 tuples each only to serialise them.
 */
export function markAnswersStored(qs: MarkQuestion[], saved: AttemptAnswers): Omit<Marking, 'answers'> & { storedJson: string } {
  const ids = tupleIdsOf(qs);
  const tuples = new Array<string>(qs.length);
  const totals = markEach(qs, saved, (_q, m, i) => {
    tuples[i] = markedAnswerJson(ids[i], m.selected, m.obtained, m.text);
  });
  // Joined into one flat string at once: appending builds a rope of several hundred small string objects
  // per submission, which a hall's submits waiting for their close statement keep alive through the
  // young generation's collections at the bell (bench/PERFORMANCE.md, "The exam hall").
  return { ...totals, storedJson: `[${tuples.join(',')}]` };
}

/** Sum of the marks given so far; EVALUATED once every answer has marks. */
export function totalsOf(answers: SubmissionAnswer[]) {
  const marksObtained = round2(answers.reduce((s, a) => s + (a.marksObtained ?? 0), 0));
  const isComplete = answers.every((a) => a.marksObtained !== null);
  return { marksObtained, isComplete };
}
