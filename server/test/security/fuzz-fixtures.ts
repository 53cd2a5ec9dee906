import fc from 'fast-check';
import { expect } from 'vitest';
import { formsOf, postForm } from '../../src/modules/payments/test-fixtures.ts';
import { PASSWORD, type TestApp } from '../helpers.ts';
import type { Pools } from './arbitraries.ts';
import { bodyFor, paramsOfA } from './calls.ts';
import type { World } from './world.ts';

// What the fuzzer aims at: it signs in as B (and the admin), so B gets objects of its own to reach
// deep into the student routes, and every route gets valid examples to mutate.

export type FuzzTargets = {
  pools: Pools;
  /** Real values for a path parameter of a route (A's objects, B's, pending ones). */
  reals: (name: string, url: string) => string[];
  /** Valid bodies (or arbitraries of them) to mutate. */
  examples: (key: string) => fc.Arbitrary<unknown>[];
};

export async function buildFuzzTargets(t: TestApp, w: World): Promise<FuzzTargets> {
  const b = w.b.student.client;
  const [q0, , q2] = w.openExam.questions;
  expect((await b.post(`/api/exams/${w.openExam._id}/attempt`)).statusCode).toBe(200);

  const order = async (method: string) => {
    const res = await b.post('/api/payments/orders', { courseId: w.course._id, method });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { paymentId: string; orderId: string };
  };
  const offline = await order('offline');
  const pendingGateway = await order('gateway');
  const paidGateway = await order('gateway');
  const checkout = await b.post(`/api/payments/sandbox/checkout/${paidGateway.orderId}`, { action: 'pay' });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const { orderId, paymentId, signature } = checkout.json();

  const initiated = await b.post('/api/payments/paytm/initiate', { amount: 100, admissionId: w.b.admission.id, installmentNumber: 1 });
  expect(initiated.statusCode, initiated.body).toBe(200);
  const hostedParams = initiated.json().params as Record<string, string>;
  const page = await postForm(t, '/api/payments/sandbox/hosted', hostedParams);
  expect(page.statusCode).toBe(200);
  const callbacks = Object.values(formsOf(page.body));

  const pools: Pools = {
    // Neither B's account nor the admin's: the fuzzer must stay signed in.
    ids: [w.course._id, w.exam._id, w.openExam._id, ...w.exam.questions.map((q) => q._id), ...w.openExam.questions.map((q) => q._id)],
    strings: [w.gatewayPayment.orderId, w.paidPayment.orderId, w.a.admission.admissionNumber as string, w.b.admission.id, 'sandbox'],
    emails: [w.a.student.email, 'applicant@test.local'],
  };
  pools.ids.push(w.submissionId, w.paidPayment.id, w.gatewayPayment.id, w.announcementId, w.pendingRequestId, w.a.admission.id);
  pools.ids.push(w.a.student.id, offline.paymentId, pendingGateway.paymentId);

  const ofA = paramsOfA(w);
  const reals = (name: string, url: string): string[] => {
    const a = ofA(name, url) as string;
    if (name === 'examId') return [w.openExam._id, a];
    if (name === 'orderId') return [pendingGateway.orderId, offline.orderId, a];
    if (name === 'id' && url.startsWith('/api/admission-requests/')) return [w.pendingRequestId, a];
    if (name === 'id' && url.startsWith('/api/payments/')) return [offline.paymentId, pendingGateway.paymentId, a];
    return [a];
  };

  const unique = (body: Record<string, unknown>) => fc.uuid().map((u) => ({ ...body, email: `fuzz-${u.slice(0, 13)}@test.local` }));
  const webhookEvent = (event: string, id: string, status: string) => ({
    event,
    payload: { payment: { entity: { id: paymentId, order_id: id, amount: 2_500_000, status } } },
  });
  const special: Record<string, fc.Arbitrary<unknown>[]> = {
    // A's account: wrong passwords lock it, and the fuzzer never signs in as A.
    'POST /api/auth/login': [fc.constant({ email: w.a.student.email, password: PASSWORD })],
    'POST /api/admission-requests': [unique(bodyFor('POST /api/admission-requests', w) as Record<string, unknown>)],
    'POST /api/auth/create-admin': [unique(bodyFor('POST /api/auth/create-admin', w) as Record<string, unknown>)],
    'PUT /api/exams/:examId/attempt/answers': [fc.constant({ answers: { [q0._id]: 1, [q2._id]: 'An essay' } })],
    'POST /api/submissions': [fc.constant({ examId: w.openExam._id, answers: { [q0._id]: 0, [q2._id]: 'Essay' } })],
    'POST /api/payments/paytm/initiate': [fc.constant({ amount: 500, admissionId: w.b.admission.id, installmentNumber: 2 })],
    'POST /api/payments/verify': [fc.constant({ orderId, paymentId, signature })],
    'POST /api/payments/sandbox/hosted': [fc.constant(hostedParams)],
    'POST /api/payments/callback/:gateway': callbacks.map((fields) => fc.constant(fields)),
    'POST /api/payments/webhooks/:gateway': [
      fc.constant(webhookEvent('payment.captured', pendingGateway.orderId, 'captured')),
      fc.constant(webhookEvent('payment.failed', offline.orderId, 'failed')),
      fc.constant({ event: 'refund.processed', payload: { refund: { entity: { payment_id: paymentId } } } }),
    ],
  };
  const examples = (key: string) => {
    if (special[key]) return special[key];
    const body = bodyFor(key, w);
    return body === undefined ? [] : [fc.constant(body)];
  };
  return { pools, reals, examples };
}
