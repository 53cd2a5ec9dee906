import { type ExamBody, examBody } from '@app/common/schemas/exams';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { type SectionDraft, sectionsToInput } from './paper-draft.ts';
import { draftToInput, type QuestionDraft } from './question-draft.ts';
import { type ScheduleDraft, scheduleToInput } from './schedule-fields.tsx';

/** The exam form's own inputs; the paper and the schedule are edited beside them (docs/product.md section 5). */
export type ExamFields = Pick<
  ExamBody,
  | 'title'
  | 'description'
  | 'course'
  | 'duration'
  | 'totalMarks'
  | 'passingMarks'
  | 'negativeMarks'
  | 'resultMode'
  | 'tieBreakSection'
  | 'solutionsRelease'
>;

/** What the editors beside the fields hold when Save is pressed. */
export type ExamDrafts = {
  instructions: string[];
  /** The flat list, when the paper is not organised in sections. */
  questions: QuestionDraft[];
  sections: SectionDraft[] | null;
  schedule: ScheduleDraft;
};

const fieldsCheck = zodResolver(examBody);
const bodyCheck = zodResolver(examBody, undefined, { raw: true });

/**
 * The exam form's one check, the shared `examBody` schema, in two steps as the admin reads them:
 * 1. the fields alone (their messages show at each field); they hold no sections, so the tie-break waits;
 * 2. then the whole body, the fields with the paper and the schedule: the paper's rules (marks adding up to
 *    the total, the tie-break naming a section, limits) and the schedule's. On success the form's submit
 *    handler receives that body exactly as it goes to the server.
 */
export function examFormResolver(drafts: ExamDrafts): Resolver<ExamFields, unknown, ExamBody> {
  return async (values, context, options) => {
    const fields = await fieldsCheck({ ...values, tieBreakSection: null }, context, options as never);
    if (Object.keys(fields.errors).length > 0) return { values: {}, errors: fields.errors as FieldErrors<ExamFields> };
    const form = fields.values as ExamFields;
    // The tie-break select shows "None" once its section is gone or renamed: what is seen is sent.
    const tieBreak = values.tieBreakSection;
    const { sections, instructions, questions } = drafts;
    const paper = sections
      ? { instructions, questions: [], sections: sectionsToInput(sections) }
      : { instructions, questions: questions.map(draftToInput) };
    const body: ExamBody = {
      ...form,
      tieBreakSection: sections?.some((s) => s.title === tieBreak) ? tieBreak : null,
      ...paper,
      ...scheduleToInput(drafts.schedule, form.course),
    };
    const whole = await bodyCheck(body, context, options as never);
    if (Object.keys(whole.errors).length > 0) return { values: {}, errors: whole.errors as FieldErrors<ExamFields> };
    return { values: body, errors: {} };
  };
}

/** Every message in a tree of form errors, with the top-level name it sits under, in order. */
export function errorMessages(errors: FieldErrors<FieldValues>): { name: string; message: string }[] {
  const out: { name: string; message: string }[] = [];
  const walk = (node: unknown, name: string) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    const types = n.types && typeof n.types === 'object' ? Object.values(n.types as Record<string, unknown>).flat() : [];
    const all = types.filter((m): m is string => typeof m === 'string');
    if (all.length > 0) for (const message of all) out.push({ name, message });
    else if (typeof n.message === 'string' && n.message) out.push({ name, message: n.message });
    for (const [key, child] of Object.entries(n)) {
      if (key !== 'type' && key !== 'types' && key !== 'message' && key !== 'ref') walk(child, name);
    }
  };
  for (const [name, node] of Object.entries(errors)) walk(node, name);
  return out;
}
