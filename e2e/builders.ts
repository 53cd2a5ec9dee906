import type { APIRequestContext } from '@playwright/test';
import { ADMIN, apiToken, bearer, expect } from './fixtures.ts';

// What the journeys make through the API before they click. Every spec file shares one server with the
// others (two at once): names, e-mails, codes and titles carry a stamp so no two are alike.

let seq = 0;

/**
 * A suffix no other call of this run gets: the time, the worker process and a count. Digits only, at most
 * 15, so it fits a coupon code, a phone number's last digits or a title.
 */
export function stamp(): string {
  seq += 1;
  const time = String(Date.now() % 1_000_000_000).padStart(9, '0');
  return `${time}${String(process.pid % 100).padStart(2, '0')}${seq}`;
}

/** The seeded course most journeys enrol their students in. */
export async function clatCourse(request: APIRequestContext) {
  const res = await request.get('/api/courses');
  const course = ((await res.json()) as { _id: string; name: string; price: number }[]).find((c) => c.name === 'CLAT Preparation');
  expect(course).toBeTruthy();
  return course!;
}

/** The first course the API lists: the exam journeys set their exams and admissions in it. */
export async function firstCourseId(request: APIRequestContext) {
  const courses = await (await request.get('/api/courses')).json();
  return courses[0]._id as string;
}

export type Applicant = {
  name: string;
  /** Default: made from the name's Latin letters and a stamp, at e2e.local. */
  email?: string;
  /** The course's id; default: CLAT Preparation. */
  course?: string;
  /** Default: the Dumdum centre. */
  centre?: string;
  /** The request is approved straight into this batch (admitStudent). */
  batch?: string;
  address?: string;
  /** The parents or guardians sent with the request (docs/product-parents.md): name, relation, phone, email. */
  guardians?: { name: string; relation: string; phone?: string; email?: string }[];
};

export type Student = { id: string; name: string; email: string; password: string; registrationNumber: string };

/** A pending admission request, as a visitor sends it from /admission-request (phone 9830012345). */
export async function requestAdmission(request: APIRequestContext, a: Applicant) {
  const local =
    a.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.|\.$/g, '') || 'student';
  const email = a.email ?? `${local}.${stamp()}@e2e.local`;
  const res = await request.post('/api/admission-requests', {
    data: {
      fullName: a.name,
      email,
      phone: '9830012345',
      address: a.address ?? '4 Lake Road, Kolkata',
      education: 'Class 12',
      course: a.course ?? (await clatCourse(request))._id,
      centre: a.centre ?? 'dumdum',
      reason: 'Preparing for CLAT',
      ...(a.guardians ? { guardians: a.guardians } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).request._id as string, name: a.name, email };
}

/**
 * A student made the way the institute makes them: an admission request approved by an admin, who signs
 * in for it (or uses `adminToken`) and out again.
 */
export async function admitStudent(request: APIRequestContext, a: Applicant, adminToken?: string): Promise<Student> {
  const req = await requestAdmission(request, a);
  const token = adminToken ?? (await apiToken(request, ADMIN.email, ADMIN.password));
  const approved = await request.patch(`/api/admission-requests/admin/${req.id}/approve`, {
    headers: bearer(token),
    data: a.batch ? { batch: a.batch } : {},
  });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  if (!adminToken) await request.post('/api/auth/logout', { headers: bearer(token) });
  const { user } = await approved.json();
  return {
    id: user._id,
    name: a.name,
    email: req.email,
    password: user.temporaryPassword,
    registrationNumber: user.registrationNumber,
  };
}

export type BatchInput = {
  name: string;
  /** The course's id; default: CLAT Preparation. */
  course?: string;
  /** Default: the Dumdum centre. */
  centre?: string;
  timing?: 'MORNING' | 'EVENING' | 'WEEKEND';
  startsOn?: string;
  endsOn?: string;
  capacity?: number;
};

/** A batch of the 2026-27 academic year (evenings, June to March, 40 seats unless told otherwise). */
export async function createBatch(request: APIRequestContext, adminToken: string, b: BatchInput) {
  const res = await request.post('/api/batches', {
    headers: bearer(adminToken),
    data: {
      name: b.name,
      course: b.course ?? (await clatCourse(request))._id,
      centre: b.centre ?? 'dumdum',
      academicYear: '2026-27',
      timing: b.timing ?? 'EVENING',
      startsOn: b.startsOn ?? '2026-06-01',
      endsOn: b.endsOn ?? '2027-03-31',
      capacity: b.capacity ?? 40,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string; name: string };
}

export type Exam = { _id: string; title: string; questions: { _id: string }[] };

/** An exam written through the API (POST /api/exams takes the body as the exam form sends it). */
export async function createExam(request: APIRequestContext, adminToken: string, body: Record<string, unknown>): Promise<Exam> {
  const res = await request.post('/api/exams', { headers: bearer(adminToken), data: body });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** A student sits an exam through the API: starts the attempt and submits these answers (question id to choice). */
export async function sitExam(request: APIRequestContext, student: Pick<Student, 'email' | 'password'>, examId: string, answers: object) {
  const token = await apiToken(request, student.email, student.password);
  expect((await request.post(`/api/exams/${examId}/attempt`, { headers: bearer(token) })).ok()).toBeTruthy();
  const res = await request.post('/api/submissions', { headers: bearer(token), data: { examId, answers } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}
