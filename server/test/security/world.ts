import { expect } from 'vitest';
import type { TestApp } from '../helpers.ts';
import { desc } from 'drizzle-orm';
import { mailAttachments } from '../../src/db/schema.ts';
import { createExam, type ExamJson, examPayload } from '../../src/modules/exams/test-fixtures.ts';
import { createAdmittedStudent, createCourse } from '../../src/modules/payments/test-fixtures.ts';

// The objects the security tests aim at: two admitted students, A and B, and what A owns.

export type Student = Awaited<ReturnType<typeof createAdmittedStudent>>['student'];
export type Admitted = Awaited<ReturnType<typeof createAdmittedStudent>>;

export type World = {
  course: { _id: string; name: string; price: number };
  /** A has submitted it (mixed MCQ and descriptive, so the submission waits for evaluation). */
  exam: ExamJson;
  /** A has an open attempt on it with saved answers. */
  openExam: ExamJson;
  a: Admitted;
  b: Admitted;
  /** A's submission of `exam`. */
  submissionId: string;
  /** A's offline course-fee payment, verified by the admin: completed, with a receipt. */
  paidPayment: { id: string; orderId: string };
  /** The PDF attached to the mail confirming `paidPayment` (the dev mailbox serves it). */
  mailAttachmentId: string;
  /** A's sandbox-gateway order, still pending. */
  gatewayPayment: { id: string; orderId: string; gatewayOrderId: string };
  announcementId: string;
  /** A visitor's pending admission request. */
  pendingRequestId: string;
};

export async function buildWorld(t: TestApp): Promise<World> {
  const course = await createCourse(t, 25_000);
  const exam = await createExam(t, examPayload(course._id, { title: 'Security mock' }));
  const openExam = await createExam(t, examPayload(course._id, { title: 'Security mock 2' }));
  const a = await createAdmittedStudent(t, course._id);
  const b = await createAdmittedStudent(t, course._id);

  const [q0, , q2] = exam.questions;
  expect((await a.student.client.post(`/api/exams/${exam._id}/attempt`)).statusCode).toBe(200);
  const submitted = await a.student.client.post('/api/submissions', { examId: exam._id, answers: { [q0._id]: 1, [q2._id]: 'Essay' } });
  expect(submitted.statusCode, submitted.body).toBe(201);

  expect((await a.student.client.post(`/api/exams/${openExam._id}/attempt`)).statusCode).toBe(200);
  const saved = await a.student.client.put(`/api/exams/${openExam._id}/attempt/answers`, { answers: { [openExam.questions[0]._id]: 0 } });
  expect(saved.statusCode, saved.body).toBe(200);

  // The paid fee is another course's: a fee already paid cannot be ordered again, and the tests order `course`.
  const paidCourse = await createCourse(t, 25_000);
  const offline = await a.student.client.post('/api/payments/orders', { courseId: paidCourse._id, method: 'offline' });
  expect(offline.statusCode, offline.body).toBe(201);
  const paid = offline.json();
  const paidId: string = paid.paymentId;
  expect((await t.admin.patch(`/api/payments/${paidId}/verify`)).statusCode).toBe(200);

  const gateway = await a.student.client.post('/api/payments/orders', { courseId: course._id, method: 'gateway' });
  expect(gateway.statusCode, gateway.body).toBe(201);
  const order = gateway.json();

  const announcement = await t.admin.post('/api/announcements', { title: 'Notice', content: 'Classes resume', targetAudience: 'students' });
  expect(announcement.statusCode).toBe(201);

  const request = await t.visitor.post('/api/admission-requests', {
    fullName: 'Visitor Applicant',
    email: 'applicant@test.local',
    phone: '9876543210',
    address: 'Kolkata',
    education: 'Graduate',
    course: course._id,
    centre: 'kasba',
    reason: 'Law',
  });
  expect(request.statusCode, request.body).toBe(201);

  const [attachment] = await t.ctx.db
    .select({ id: mailAttachments.id })
    .from(mailAttachments)
    .orderBy(desc(mailAttachments.createdAt))
    .limit(1);
  expect(attachment).toBeTruthy();

  return {
    course,
    exam,
    openExam,
    a,
    b,
    submissionId: submitted.json().submission._id,
    paidPayment: { id: paidId, orderId: paid.orderId },
    mailAttachmentId: attachment.id,
    gatewayPayment: { id: order.paymentId, orderId: order.orderId, gatewayOrderId: order.checkout.orderId },
    announcementId: announcement.json()._id,
    pendingRequestId: request.json().request._id,
  };
}
