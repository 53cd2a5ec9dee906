import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ADMIN, PASSWORD, type TestApp } from '../helpers.ts';
import { createStaffMember, STAFF_PASSWORD } from '../../src/modules/staff/test-fixtures.ts';
import { and, desc, eq } from 'drizzle-orm';
import { notificationOutbox, studentGuardians } from '../../src/db/schema.ts';
import { linkGuardianAccounts } from '../../src/modules/guardians/accounts.ts';
import type { ApiRoute } from './routes.ts';
import type { World } from './world.ts';

// How the access matrix calls a route: whose objects the path names and a body worth refusing.

export type Role = 'visitor' | 'studentA' | 'studentB' | 'admin' | 'centreManager' | 'faculty' | 'accountant' | 'parent';
/** `parent`: A's mother, signed in by the code sent to her phone (docs/product-parents.md); A is her only child. */
export const ROLES: Role[] = ['visitor', 'studentA', 'studentB', 'admin', 'centreManager', 'faculty', 'accountant', 'parent'];
/** The matrix's parent's phone (A's guardian). */
export const MATRIX_PARENT_PHONE = '9812300001';

/** The staff callers and their role in the permission table (common/permissions.ts). */
export const STAFF_CALLERS = { admin: 'admin', centreManager: 'centre_manager', faculty: 'faculty', accountant: 'accountant' } as const;
export type StaffCaller = keyof typeof STAFF_CALLERS;
export const isStaffCaller = (role: Role): role is StaffCaller => role in STAFF_CALLERS;
/** The matrix's centre manager works for Kasba; the world's students, admissions and payments are Dumdum's. */
export const MATRIX_MANAGER_CENTRE = 'kasba';

/** Form posts from the gateway's pages; everything else speaks JSON. */
const FORM_ROUTES = new Set(['POST /api/payments/sandbox/hosted', 'POST /api/payments/callback/:gateway']);

/** Path parameters naming A's objects (or the one object of their kind that the route takes). */
export function paramsOfA(w: World) {
  const byPrefix: [string, string][] = [
    ['/api/courses/', w.course._id],
    ['/api/centres/', 'dumdum'],
    ['/api/announcements/', w.announcementId],
    ['/api/exams/', w.exam._id],
    ['/api/submissions/', w.submissionId],
    ['/api/admission-requests/', w.a.admission.id],
    ['/api/payments/counter/students/', w.a.student.id],
    ['/api/payments/', w.paidPayment.id],
    ['/api/users/', w.a.student.id],
    ['/api/parent/children/', w.a.student.id],
    // No batch or class of the world: the refused calls never reach them, the admin's answer 404.
    ['/api/batches/', '00000000-0000-4000-8000-000000000000'],
    ['/api/sessions/', '00000000-0000-4000-8000-000000000000'],
    // No coupon id is known to the world (the seeded ones are looked up by nobody): the admin's answer 404.
    ['/api/coupons/', '00000000-0000-4000-8000-000000000000'],
    // No material of the world: the admin's answer 404, a student's download too.
    ['/api/materials/', '00000000-0000-4000-8000-000000000000'],
    // No bank question in the world: the admin's answer 404.
    ['/api/question-bank/', '00000000-0000-4000-8000-000000000000'],
    // No outbox message is known to the world: the admin's retry answers 404.
    ['/api/notifications/', '00000000-0000-4000-8000-000000000000'],
    ['/api/dev/', w.mailAttachmentId],
    // Staff accounts are made by the admin's own tests; here, no such id (the admin's answer 404).
    ['/api/staff/', '00000000-0000-4000-8000-000000000000'],
    // No topper, testimonial or gallery image of the world: the editor's answer 404.
    ['/api/site/', '00000000-0000-4000-8000-000000000000'],
    ['/api/gallery/', '00000000-0000-4000-8000-000000000000'],
    // No enquiry in the world: the desk's answer 404.
    ['/api/enquiries/', '00000000-0000-4000-8000-000000000000'],
    // No flashcard deck or card in the world: the admin's answers and a student's review answer 404.
    ['/api/flashcards/', '00000000-0000-4000-8000-000000000000'],
    // No daily quiz in the world: the staff's and the student's answers 404.
    ['/api/daily-quizzes/', '00000000-0000-4000-8000-000000000000'],
  ];
  return (name: string, url: string): string | undefined => {
    if (name === 'examId') return w.exam._id;
    if (name === 'paymentId') return w.paidPayment.id;
    if (name === 'questionId') return w.exam.questions[0]._id;
    // The world's payment has no credit note (no GSTIN is set): the owner's and the admin's answer 404.
    if (name === 'noteId') return '00000000-0000-4000-8000-000000000000';
    if (name === 'cardId') return '00000000-0000-4000-8000-000000000000';
    if (name === 'token') return 'not-a-reset-token-0000000000000000000000000';
    if (name === 'email') return w.a.student.email;
    if (name === 'key') return 'no-such-image.jpg';
    if (name === 'idOrSlug') return w.course._id;
    if (name === 'file') return 'no-such-calendar-token-000000.ics';
    if (name === 'gateway') return 'sandbox';
    if (name === 'name') return 'fee-reminders';
    if (name === 'orderId') return url.includes('/sandbox/checkout/') ? w.gatewayPayment.orderId : w.paidPayment.orderId;
    if (name === 'id') return byPrefix.find(([prefix]) => url.startsWith(prefix))?.[1];
    return undefined;
  };
}

/** A body that would do something if the caller were let through. */
export function bodyFor(key: string, w: World): unknown {
  const unique = randomUUID().slice(0, 8);
  const [q0, , q2] = w.exam.questions;
  const bodies: Record<string, unknown> = {
    'POST /api/auth/login': { email: w.b.student.email, password: PASSWORD },
    'POST /api/auth/forgot-password': { email: `nobody-${unique}@test.local` },
    'POST /api/auth/reset-password/:token': { password: 'Brand-New-Pass-7', confirmPassword: 'Brand-New-Pass-7' },
    'POST /api/auth/create-admin': {
      firstName: 'Eve',
      lastName: 'Admin',
      email: `eve-${unique}@test.local`,
      password: 'Eve-Secret-Pass-1',
    },
    'POST /api/courses': { name: `Course ${unique}`, description: 'd', price: 1, feeType: 'full', duration: '1 month', features: ['x'] },
    'PUT /api/courses/:id': { name: 'Renamed', description: 'd', price: 1, feeType: 'full', duration: '1 month', features: ['x'] },
    'POST /api/announcements': { title: 'Fake', content: 'Fake news' },
    'PUT /api/announcements/:id': { title: 'Fake', content: 'Fake news' },
    'POST /api/exams': { title: 'Fake', description: 'd', course: w.course._id, duration: 10, totalMarks: 1, passingMarks: 0 },
    'PATCH /api/exams/:id': { isActive: false },
    'POST /api/exams/:id/overrides': { studentId: w.b.student.id, extraMinutes: 5 },
    'PUT /api/exams/:examId/attempt/answers': { answers: { [q0._id]: 1 } },
    'POST /api/submissions': { examId: w.openExam._id, answers: {} },
    'POST /api/bookmarks': { questionId: q0._id, note: 'Revise this' },
    'POST /api/flashcards/mine': { front: 'Audi alteram partem', back: 'Hear the other side' },
    'POST /api/flashcards/:cardId/review': { rating: 'good' },
    'POST /api/exams/:id/objections': { questionId: q0._id, reason: 'The key looks wrong' },
    'POST /api/exams/:id/regrade': { decisions: [{ questionId: q0._id, action: 'changeKey', correctAnswer: 0 }], dryRun: true },
    'PATCH /api/submissions/:id/evaluate': { answers: [{ questionId: q2._id, marksObtained: 6 }], feedback: 'Full marks' },
    'POST /api/admission-requests': {
      fullName: 'Another Applicant',
      email: `applicant-${unique}@test.local`,
      phone: '9876543210',
      address: 'Kolkata',
      education: 'Graduate',
      course: w.course._id,
      centre: 'dumdum',
      reason: 'Law',
    },
    'PATCH /api/admission-requests/admin/:id/approve': { adminNotes: 'Approved' },
    'PATCH /api/admission-requests/admin/:id/reject': { adminNotes: 'Rejected' },
    'POST /api/public/enquiries': { name: 'A Visitor', phone: '9876500000', message: 'Is there an evening batch?' },
    // Kasba: the matrix's centre manager works there.
    'POST /api/enquiries': { name: 'A Walk-in', phone: '9876500001', centre: 'kasba', source: 'walk_in' },
    'PATCH /api/enquiries/:id': { notes: 'Called back' },
    'POST /api/enquiries/:id/activities': { kind: 'note', outcome: 'Called back' },
    'POST /api/payments/coupons/validate': { courseId: w.course._id, code: 'EARLY20' },
    'POST /api/payments/orders': { courseId: w.course._id, method: 'offline' },
    'POST /api/payments/verify': { orderId: w.gatewayPayment.gatewayOrderId, paymentId: 'pay_forged', signature: '0'.repeat(64) },
    'POST /api/payments/paytm/initiate': { amount: 100, admissionId: w.a.admission.id, installmentNumber: 1 },
    'POST /api/payments/sandbox/checkout/:orderId': { action: 'pay' },
    'POST /api/payments/sandbox/hosted': { orderId: w.gatewayPayment.orderId, amount: '1.00', signature: 'forged' },
    'POST /api/payments/callback/:gateway': {
      ORDERID: w.gatewayPayment.orderId,
      TXNID: 'forged',
      TXNAMOUNT: '25000.00',
      STATUS: 'TXN_SUCCESS',
      CHECKSUMHASH: 'forged',
    },
    'POST /api/payments/webhooks/:gateway': { event: 'payment.captured', payload: { order_id: w.gatewayPayment.gatewayOrderId } },
    'PATCH /api/users/:id': { isActive: false },
    'PUT /api/users/:id/guardians': [],
    'POST /api/coupons': { code: `MATRIX${Date.now() % 100000}`, percent: 5 },
    'PATCH /api/coupons/:id': { isActive: false },
    'POST /api/materials': {
      title: 'Fake',
      subject: 'Fake',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      courses: [w.course._id],
      batches: [],
    },
    'PATCH /api/materials/:id': { title: 'Renamed' },
    'POST /api/question-bank/questions': { question: 'Forged?', options: ['a', 'b'], correctAnswer: 0 },
    'PATCH /api/question-bank/questions/:id': { topic: 'Forged' },
    'POST /api/question-bank/draw': { section: 'Legal Reasoning', count: 1 },
    'PUT /api/notifications/preferences': { email: true, sms: true, whatsapp: false, phone: '9830012345' },
    'POST /api/notifications/broadcast/count': { audience: 'centre', audienceId: 'dumdum', channel: 'email' },
    'POST /api/notifications/broadcast': {
      audience: 'centre',
      audienceId: 'dumdum',
      channel: 'email',
      subject: 'Matrix',
      message: 'Hello',
    },
    'POST /api/dev/jobs/:name/run': {},
    'POST /api/staff': {
      firstName: 'Mallory',
      lastName: 'Staff',
      email: `mallory-${unique}@test.local`,
      password: 'Mallory-Pass-77',
      role: 'admin',
    },
    'PATCH /api/staff/:id': { role: 'admin' },
    // A phone nobody has, and a code or password that is not right: the sign-in's refusals (401).
    'POST /api/auth/parent/code': { phone: '9812399999' },
    'POST /api/auth/parent/verify': { phone: MATRIX_PARENT_PHONE, code: '000000' },
    'POST /api/auth/parent/login': { phone: MATRIX_PARENT_PHONE, password: 'Not-Her-Password-1' },
    'POST /api/parent/children/:id/payments': { amount: 100, admissionId: w.a.admission.id, installmentNumber: 1 },
    'PUT /api/parent/preferences': { channels: { absence: ['sms'], results: ['sms'], fees: ['sms'], digest: ['whatsapp'] } },
    // No body for POST /api/parent/password: a new password would end the matrix parent's session (400 past the guard).
  };
  return bodies[key];
}

export type Caller = { role: Role; token: string | null };

/** The parent signs in by a code, not an e-mail: no credentials of theirs. */
export type Callers = Record<Role, Caller> & {
  credentials: Record<Exclude<Role, 'visitor' | 'parent'>, { email: string; password: string }>;
  parentId: string;
};

/** A's guardian with her parent account, signed in by the code the outbox holds. */
async function signInMatrixParent(t: TestApp, w: World) {
  await t.ctx.db
    .insert(studentGuardians)
    .values({ studentId: w.a.student.id, position: 1, name: 'Mira Matrix', relation: 'Mother', phone: `+91${MATRIX_PARENT_PHONE}` });
  const [parentId] = await linkGuardianAccounts(t.ctx.db, w.a.student.id);
  const asked = await t.inject({
    method: 'POST',
    url: '/api/auth/parent/code',
    payload: { phone: MATRIX_PARENT_PHONE },
    remoteAddress: '10.99.0.1',
  });
  if (asked.statusCode !== 202) throw new Error(`parent code: ${asked.statusCode} ${asked.body}`);
  const [sms] = await t.ctx.db
    .select({ text: notificationOutbox.text })
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.to, MATRIX_PARENT_PHONE), eq(notificationOutbox.kind, 'parent-code')))
    .orderBy(desc(notificationOutbox.createdAt))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
  const res = await t.inject({
    method: 'POST',
    url: '/api/auth/parent/verify',
    payload: { phone: MATRIX_PARENT_PHONE, code },
    remoteAddress: '10.99.0.1',
  });
  if (res.statusCode !== 200) throw new Error(`parent sign-in: ${res.statusCode} ${res.body}`);
  return { parentId, token: res.json().token as string };
}

export async function callersOf(t: TestApp, w: World): Promise<Callers> {
  const manager = await createStaffMember(t, 'centre_manager', { centres: [MATRIX_MANAGER_CENTRE] });
  const faculty = await createStaffMember(t, 'faculty');
  const accountant = await createStaffMember(t, 'accountant');
  const parent = await signInMatrixParent(t, w);
  return {
    parent: { role: 'parent', token: parent.token },
    parentId: parent.parentId,
    visitor: { role: 'visitor', token: null },
    studentA: { role: 'studentA', token: await t.tokenFor(w.a.student.email, PASSWORD) },
    studentB: { role: 'studentB', token: await t.tokenFor(w.b.student.email, PASSWORD) },
    admin: { role: 'admin', token: await t.tokenFor(ADMIN.email, ADMIN.password) },
    centreManager: { role: 'centreManager', token: manager.token },
    faculty: { role: 'faculty', token: faculty.token },
    accountant: { role: 'accountant', token: accountant.token },
    credentials: {
      studentA: { email: w.a.student.email, password: PASSWORD },
      studentB: { email: w.b.student.email, password: PASSWORD },
      admin: ADMIN,
      centreManager: { email: manager.email, password: STAFF_PASSWORD },
      faculty: { email: faculty.email, password: STAFF_PASSWORD },
      accountant: { email: accountant.email, password: STAFF_PASSWORD },
    },
  };
}

/** One request: JSON, a urlencoded form for the gateway's form posts, raw bytes for webhooks. */
export function send(
  t: TestApp,
  route: Pick<ApiRoute, 'key' | 'method'>,
  url: string,
  caller: Caller,
  body: unknown,
  method = route.method,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = caller.token ? { authorization: `Bearer ${caller.token}` } : {};
  const options: InjectOptions = { method: method as InjectOptions['method'], url, headers };
  if (body !== undefined && method !== 'GET' && method !== 'HEAD') {
    if (FORM_ROUTES.has(route.key)) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      options.payload = new URLSearchParams(body as Record<string, string>).toString();
    } else {
      headers['content-type'] = 'application/json';
      options.payload = JSON.stringify(body);
    }
  }
  return t.inject(options);
}
