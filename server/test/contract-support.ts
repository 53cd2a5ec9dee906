import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

// The API contract (docs/product.md sections 3 and 7, docs/product.md section 7) as field lists, shared by the
// contract tests. A path names a key that must be present (its value may be null unless an inner
// key is named: `course.name` needs `course` to be an object).

export const USER_FIELDS = [
  '_id',
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'role',
  'registrationNumber',
  'isActive',
  'courseInterest',
  'education',
  'centre',
  'centreDetails',
  'createdAt',
  'lastLogin',
];
export const USER_STAT_FIELDS = [
  'examsTaken',
  'averageScore',
  'passedExams',
  'failedExams',
  'totalMarksObtained',
  'totalMarksAvailable',
  'submissions',
];
export const CENTRE_DETAIL_FIELDS = ['id', 'name', 'location'];
export const CENTRE_FIELDS = ['id', 'name', 'location', 'address', 'phone', 'facilities'];
export const COURSE_FIELDS = [
  '_id',
  'name',
  'description',
  'price',
  'feeType',
  'category',
  'duration',
  'features',
  'isActive',
  'createdAt',
];
export const ANNOUNCEMENT_FIELDS = [
  '_id',
  'title',
  'content',
  'priority',
  'type',
  'publishDate',
  'expiryDate',
  'targetAudience',
  'isActive',
  'createdAt',
];
export const EXAM_FIELDS = [
  '_id',
  'title',
  'description',
  'course._id',
  'course.name',
  'duration',
  'totalMarks',
  'passingMarks',
  'totalQuestions',
  'instructions',
  'isActive',
  'resultsPublished',
  'resultsPublishedAt',
  'createdAt',
];
export const QUESTION_FIELDS = ['_id', 'type', 'question', 'options', 'marks'];
export const SCORE_FIELDS = ['marksObtained', 'totalMarks', 'percentage', 'correctAnswers', 'incorrectAnswers', 'unattempted'];
export const SUBMISSION_FIELDS = [
  '_id',
  'student.firstName',
  'student.lastName',
  'student.email',
  'student.courseInterest',
  'student.education',
  'exam._id',
  'exam.title',
  'exam.description',
  'exam.duration',
  'exam.questions',
  'exam.totalMarks',
  'exam.resultsPublished',
  'score',
  'status',
  'isPassed',
  'submittedAt',
  'totalTimeTaken',
  'feedback',
  'answers',
];
export const ANSWER_FIELDS = ['questionId', 'selectedOption', 'textAnswer', 'marksObtained'];
export const ADMISSION_REQUEST_FIELDS = [
  '_id',
  'fullName',
  'email',
  'phone',
  'address',
  'education',
  'course',
  'centre',
  'reason',
  'status',
  'adminNotes',
  'createdAt',
  'submittedAt',
  'approvedAt',
];
export const PAYMENT_FIELDS = [
  '_id',
  'studentId._id',
  'studentId.firstName',
  'studentId.lastName',
  'studentId.email',
  'amount',
  'currency',
  'course',
  'status',
  'paymentMethod',
  'transactionId',
  'razorpayOrderId',
  'razorpayPaymentId',
  'createdAt',
  'updatedAt',
];

/** The paths of `fields` that `value` lacks. */
export function missingFields(value: unknown, fields: string[]): string[] {
  return fields.filter((field) => {
    let cur: unknown = value;
    for (const key of field.split('.')) {
      if (cur === null || typeof cur !== 'object' || !(key in cur)) return true;
      cur = (cur as Record<string, unknown>)[key];
    }
    return false;
  });
}

export function expectFields(value: unknown, fields: string[], what = 'answer') {
  expect(missingFields(value, fields), `${what} lacks fields`).toEqual([]);
}

/** Every `_id` anywhere in the value is a string (docs/product.md section 7). */
export function expectStringIds(value: unknown) {
  const walk = (v: unknown, where: string) => {
    if (Array.isArray(v)) {
      v.forEach((x, i) => {
        walk(x, `${where}[${i}]`);
      });
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === '_id') expect(typeof x, `${where}._id`).toBe('string');
        walk(x, `${where}.${k}`);
      }
    }
  };
  walk(value, '$');
}

/** Status and JSON body of an answer, with the body in the failure message. */
export function expectStatus(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 400)}`).toBe(status);
  return res.json();
}

/** A 2xx answer (creations may answer 200 or 201). */
export function expectOk(res: LightMyRequestResponse, status: 200 | 201 = 200) {
  return expectStatus(res, status);
}

/** Every error answer is JSON `{ message, code }` (docs/product.md section 7). */
export function expectError(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, res.body.slice(0, 400)).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  const body = res.json();
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(typeof body.code).toBe('string');
  if (code) expect(body.code).toBe(code);
  return body as { message: string; code: string; fields?: Record<string, string> };
}

type Caller = { post: (url: string, body?: unknown) => Promise<LightMyRequestResponse> };
type Admin = Caller & {
  get: (url: string) => Promise<LightMyRequestResponse>;
  patch: (url: string, body?: unknown) => Promise<LightMyRequestResponse>;
};

/** The visitor's request, the admin's approval and the first sign-in, all through the API. */
export async function admitStudent(
  t: { visitor: Caller; admin: Admin },
  form: { fullName: string; email: string; course: string; centre: string; education: string },
) {
  const request = { phone: '9830012345', address: 'Kolkata', reason: 'Law entrance', ...form };
  expect([200, 201]).toContain((await t.visitor.post('/api/admission-requests', request)).statusCode);
  const pending = expectOk(await t.admin.get('/api/admission-requests/admin?status=pending')).requests;
  const id = pending.find((r: { email: string }) => r.email === form.email)._id;
  const approved = expectOk(await t.admin.patch(`/api/admission-requests/admin/${id}/approve`, {}));
  const password = approved.user.temporaryPassword as string;
  const login = expectOk(await t.visitor.post('/api/auth/login', { email: form.email, password }));
  return { token: login.token as string, userId: login.user._id as string, password };
}
