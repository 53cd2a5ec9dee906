import { z } from 'zod';
import { RESULT_MODES } from './exams.ts';

export const examPresetSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  negativeMarks: z.number(),
  resultMode: z.enum(RESULT_MODES),
  /** The section whose marks order equal totals (CLAT: Legal Reasoning), or null. */
  tieBreakSection: z.string().nullable(),
  sections: z.array(z.object({ title: z.string(), questionsMin: z.number().int(), questionsMax: z.number().int() })),
});
export type ExamPreset = z.infer<typeof examPresetSchema>;

const range = (title: string, questionsMin: number, questionsMax = questionsMin) => ({ title, questionsMin, questionsMax });

/**
 * The papers the institute coaches for (docs/product.md section 5). Figures a notice does not settle
 * (a judiciary paper's split between subjects) are ranges the admin narrows when authoring.
 */
export const EXAM_PRESETS: ExamPreset[] = [
  {
    id: 'clat-ug',
    name: 'CLAT UG',
    duration: 120,
    negativeMarks: 0.25,
    resultMode: 'rank',
    tieBreakSection: 'Legal Reasoning',
    sections: [
      range('English Language', 22, 26),
      range('Current Affairs, including General Knowledge', 28, 32),
      range('Legal Reasoning', 28, 32),
      range('Logical Reasoning', 22, 26),
      range('Quantitative Techniques', 10, 14),
    ],
  },
  {
    id: 'clat-pg',
    name: 'CLAT PG',
    duration: 120,
    negativeMarks: 0.25,
    resultMode: 'rank',
    tieBreakSection: null,
    sections: [range('Constitutional Law', 20, 40), range('Other Law Subjects', 80, 100)],
  },
  {
    id: 'ailet-ug',
    name: 'AILET UG',
    duration: 120,
    negativeMarks: 0.25,
    resultMode: 'rank',
    tieBreakSection: null,
    sections: [range('English Language', 50), range('Current Affairs & General Knowledge', 30), range('Logical Reasoning', 70)],
  },
  {
    id: 'wbjs-prelims',
    name: 'WBJS Preliminary',
    duration: 150,
    negativeMarks: 0,
    resultMode: 'rank',
    tieBreakSection: null,
    sections: [
      range('Constitution of India', 10, 40),
      range('Contract and Torts', 10, 40),
      range('Evidence', 10, 40),
      range('Civil Procedure Code', 10, 40),
      range('Criminal Procedure Code', 10, 40),
      range('Personal Law', 5, 30),
      range('English and General Knowledge', 10, 40),
    ],
  },
  {
    id: 'djs-prelims',
    name: 'DJS Preliminary',
    duration: 120,
    negativeMarks: 0.25,
    resultMode: 'rank',
    tieBreakSection: null,
    sections: [
      range('General Knowledge and Language', 20, 60),
      range('Constitution of India', 10, 40),
      range('Contract and Torts', 10, 40),
      range('Evidence', 10, 40),
      range('Civil Procedure Code', 10, 40),
      range('Criminal Law and Procedure', 10, 40),
      range('Personal Law', 5, 30),
    ],
  },
];
