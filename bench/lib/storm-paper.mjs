// The storm's paper: a CLAT-shaped mock made from the clat-ug preset through POST /api/exams, as an
// admin builds it (5 sections, 24 passages of about 500 words, 120 MCQs, -0.25 for a wrong answer).
import { ADMIN } from './common.mjs';
import { request } from './http.mjs';

export const QUESTIONS = 120;
// Questions per passage in each CLAT UG section (English, Current Affairs, Legal, Logical, Quantitative):
// 24 passages, 120 questions, each section's count inside the preset's range.
const PASSAGE_SIZES = [
  [5, 5, 5, 5, 4],
  [5, 5, 5, 5, 5, 5],
  [5, 5, 5, 5, 5, 5],
  [5, 5, 5, 5, 4],
  [6, 6],
];
const PASSAGE_WORDS = 500;
const WORDS = 'the court held that a contract entered into by a minor is void ab initio and cannot be ratified later even when'.split(' ');

const rand = (n) => Math.floor(Math.random() * n);

/** A passage of about 500 words (a QT set starts with its table), different for each passage. */
function passageBody(section, index) {
  const text = Array.from({ length: PASSAGE_WORDS }, (_, i) => WORDS[(i * 7 + section * 5 + index) % WORDS.length]).join(' ');
  const table = section === 4 ? `| Year | Students | Fees (₹ lakh) |\n|---|---|---|\n| 2024 | ${120 + index} | ${30 + index} |\n\n` : '';
  return `${table}Passage ${section + 1}.${index + 1}. ${text}.`;
}

/** Creates the paper as the admin; answers its id, penalty and each question's key. */
export async function createClatPaper(base, minutes) {
  const login = await request(base, 'POST', '/api/auth/login', { body: ADMIN });
  if (login.status !== 200) throw new Error(`admin sign-in failed: ${login.status} ${JSON.stringify(login.body)}`);
  const token = login.body.token;
  const courses = await request(base, 'GET', '/api/courses');
  const presets = await request(base, 'GET', '/api/exam-presets', { token });
  const clat = presets.status === 200 ? presets.body.find((p) => p.id === 'clat-ug') : null;
  if (!clat) throw new Error(`no clat-ug preset: ${presets.status} ${JSON.stringify(presets.body)}`);
  let n = 0;
  const sections = clat.sections.map((s, si) => ({
    title: s.title,
    passages: PASSAGE_SIZES[si].map((size, pi) => ({
      body: passageBody(si, pi),
      questions: Array.from({ length: size }, () => {
        n++;
        return {
          type: 'mcq',
          question: `Question ${n}: which option follows from the passage?`,
          options: ['Option A', 'Option B', 'Option C', 'Option D'],
          correctAnswer: rand(4),
          marks: 1,
        };
      }),
    })),
  }));
  const created = await request(base, 'POST', '/api/exams', {
    token,
    body: {
      title: `Storm CLAT mock ${new Date().toISOString()}`,
      description: 'Benchmark exam shaped as CLAT UG',
      course: courses.body[0]._id,
      duration: minutes,
      totalMarks: QUESTIONS,
      negativeMarks: clat.negativeMarks,
      resultMode: clat.resultMode,
      // The benchmark's students are plain accounts: the exam is open to all of them.
      openToAll: true,
      sections,
    },
  });
  if (created.status !== 201) throw new Error(`exam creation failed: ${created.status} ${JSON.stringify(created.body)}`);
  const questions = created.body.questions;
  if (questions.length !== QUESTIONS) throw new Error(`the paper has ${questions.length} questions, not ${QUESTIONS}`);
  return {
    id: created.body._id,
    token,
    penalty: clat.negativeMarks,
    questions: questions.map((q) => ({ id: q._id, correct: q.correctAnswer, penalty: q.negativeMarks })),
  };
}
