import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { createCourse } from './test-fixtures.ts';

let t: TestApp;
let courseId: string;
beforeAll(async () => {
  t = await createTestApp();
  courseId = await createCourse(t);
});
afterAll(() => t?.close());

const paper = (title: string, question = 'Which follows?') => ({
  title,
  description: 'Cached paper',
  course: courseId,
  duration: 30,
  totalMarks: 2,
  negativeMarks: 0.25,
  openToAll: true,
  sections: [
    {
      title: 'Legal Reasoning',
      passages: [
        {
          body: 'A passage. '.repeat(200),
          questions: [
            { type: 'mcq', question, options: ['A', 'B', 'C', 'D'], correctAnswer: 1, marks: 1, explanation: 'secret' },
            { type: 'mcq', question: 'Second', options: ['A', 'B', 'C', 'D'], correctAnswer: 2, marks: 1 },
          ],
        },
      ],
    },
  ],
});

async function readAs(token: string, examId: string, acceptEncoding?: string) {
  const res = await t.inject({
    method: 'GET',
    url: `/api/exams/${examId}`,
    headers: { authorization: `Bearer ${token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });
  const encoding = res.headers['content-encoding'];
  const raw = res.rawPayload;
  const text = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  return { res, encoding, body: res.statusCode === 200 ? JSON.parse(text.toString('utf8')) : res.json() };
}

describe("the student's paper as ready bytes", () => {
  it('answers the same paper as brotli, gzip or plain JSON, each by what the caller accepts', async () => {
    const created = await t.admin.post('/api/exams', paper('Encodings'));
    expect(created.statusCode, created.body).toBe(201);
    const examId = created.json()._id;
    const student = await t.createStudent();
    const auth = await t.tokenFor(student.email, PASSWORD);
    const plain = await readAs(auth, examId);
    const br = await readAs(auth, examId, 'gzip, deflate, br');
    const gzip = await readAs(auth, examId, 'gzip');
    const refused = await readAs(auth, examId, 'br;q=0, gzip;q=0');
    expect([plain.encoding, br.encoding, gzip.encoding, refused.encoding]).toEqual([undefined, 'br', 'gzip', undefined]);
    expect(br.res.headers.vary).toContain('accept-encoding');
    expect(br.res.headers['content-type']).toContain('application/json');
    for (const r of [br, gzip, refused]) expect(r.body).toEqual(plain.body);
    // The compressed answer is a fraction of the JSON.
    expect(br.res.rawPayload.length).toBeLessThan(plain.res.rawPayload.length / 4);
    expect(plain.body).toMatchObject({ title: 'Encodings', attemptStatus: 'not_started', questionsCount: 2 });
    expect(plain.body.sections[0].passages[0].body).toContain('A passage.');
    // A student's paper never carries the key or the explanation.
    expect(JSON.stringify(plain.body)).not.toMatch(/correctAnswer|explanation|secret/);
  });

  it("follows the caller's attempt and every change to the paper", async () => {
    const created = await t.admin.post('/api/exams', paper('Versions'));
    const examId = created.json()._id;
    const [a, b] = [await t.createStudent(), await t.createStudent()];
    const [ta, tb] = [await t.tokenFor(a.email, PASSWORD), await t.tokenFor(b.email, PASSWORD)];
    expect((await readAs(ta, examId, 'br')).body.attemptStatus).toBe('not_started');
    expect((await a.client.post(`/api/exams/${examId}/attempt`)).statusCode).toBe(200);
    // Each caller gets their own status, from the same cached paper.
    expect((await readAs(ta, examId, 'br')).body.attemptStatus).toBe('in_progress');
    expect((await readAs(tb, examId, 'br')).body.attemptStatus).toBe('not_started');
    // Deactivated: gone for one who has not started, still there for the one in the middle of it.
    expect((await t.admin.patch(`/api/exams/${examId}`, { isActive: false })).statusCode).toBe(200);
    expect((await readAs(tb, examId, 'br')).res.statusCode).toBe(404);
    const mid = await readAs(ta, examId, 'br');
    expect(mid.res.statusCode).toBe(200);
    expect(mid.body).toMatchObject({ isActive: false, attemptStatus: 'in_progress' });
  });

  it('shows an edited question to the next reader', async () => {
    const created = await t.admin.post('/api/exams', paper('Edited', 'Old wording?'));
    const examId = created.json()._id;
    const s = await t.createStudent();
    const token = await t.tokenFor(s.email, PASSWORD);
    expect((await readAs(token, examId, 'br')).body.questions[0].question).toBe('Old wording?');
    const edited = await t.admin.patch(`/api/exams/${examId}`, paper('Edited again', 'New wording?'));
    expect(edited.statusCode, edited.body).toBe(200);
    const read = (await readAs(token, examId, 'br')).body;
    expect(read).toMatchObject({ title: 'Edited again', questions: [{ question: 'New wording?' }, { question: 'Second' }] });
    expect((await readAs(token, examId)).body.questions[0].question).toBe('New wording?');
  });
});
