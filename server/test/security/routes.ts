import type { RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from '../helpers.ts';

// The server's own route table, and who may call each /api route (docs/product.md section 6, docs/product.md section 7).

/**
 * - public: anyone, signed in or not.
 * - student: that role only (visitor 401, any other role 403).
 * - admin: the back office: the staff roles the route's declared guard admits (requireAdmin: a full admin;
 *   requirePermission(action): the roles common/permissions.ts gives the action; docs/product-staff.md).
 * - user: any signed-in user (visitor 401); a student reaches only their own objects.
 * - parent: that role only (visitor 401, any other role 403): the parent's area (docs/product-parents.md).
 * - dev: only outside production and without SMTP (the mail outbox), open to anyone there.
 * - gateway: called by the payment gateway or the browser coming back from it; trusted only through
 *   the signature it carries, never through a session.
 */
export type Access = 'public' | 'student' | 'admin' | 'user' | 'parent' | 'dev' | 'gateway';

export const ACCESS: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  // The API description (a page and its parts): open outside production, an admin's only in production
  // (security/api-docs.test.ts).
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/static/*': 'public',
  'POST /api/auth/login': 'public',
  'GET /api/auth/profile': 'user',
  'POST /api/auth/register': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/reset-password/:token': 'public',
  'POST /api/auth/change-password': 'user',
  'POST /api/auth/logout': 'user',
  'POST /api/auth/create-admin': 'admin',
  // A parent's sign-in by a code to their phone, or by phone and password (docs/product-parents.md).
  'POST /api/auth/parent/code': 'public',
  'POST /api/auth/parent/verify': 'public',
  'POST /api/auth/parent/login': 'public',
  'GET /api/parent/children': 'parent',
  'GET /api/parent/children/:id/overview': 'parent',
  'GET /api/parent/children/:id/receipts/:paymentId.pdf': 'parent',
  'POST /api/parent/children/:id/payments': 'parent',
  'GET /api/parent/children/:id/payments/status/:orderId': 'parent',
  'GET /api/parent/preferences': 'parent',
  'PUT /api/parent/preferences': 'parent',
  'POST /api/parent/password': 'parent',
  'GET /api/centres': 'public',
  'GET /api/centres/mine': 'admin',
  'PUT /api/centres/:id': 'admin',
  'GET /api/public/institute': 'public',
  'GET /api/settings/institute': 'admin',
  'PUT /api/settings/institute': 'admin',
  'PUT /api/settings/institute/logo': 'admin',
  'POST /api/settings/institute/logo': 'admin',
  'DELETE /api/settings/institute/logo': 'admin',
  'GET /api/public/institute/logo/:key': 'public',
  'GET /api/courses': 'public',
  'GET /api/courses/admin': 'admin',
  // A course's public page, by slug or id.
  'GET /api/courses/:idOrSlug': 'public',
  'POST /api/courses': 'admin',
  'PUT /api/courses/:id': 'admin',
  'DELETE /api/courses/:id': 'admin',
  'PATCH /api/courses/:id/restore': 'admin',
  'DELETE /api/courses/:id/permanent': 'admin',
  'GET /api/announcements': 'public',
  'GET /api/announcements/admin': 'admin',
  'POST /api/announcements': 'admin',
  'PUT /api/announcements/:id': 'admin',
  'DELETE /api/announcements/:id': 'admin',
  'PATCH /api/announcements/:id/restore': 'admin',
  'DELETE /api/announcements/:id/permanent': 'admin',
  'GET /api/gallery': 'public',
  'GET /api/gallery/files/:key': 'public',
  // The public site's editing: `site.edit` (docs/product-site.md).
  'GET /api/gallery/all': 'admin',
  'POST /api/gallery': 'admin',
  'PATCH /api/gallery/:id': 'admin',
  'DELETE /api/gallery/:id': 'admin',
  'GET /api/site/home': 'public',
  'PUT /api/site/home': 'admin',
  'GET /api/site/about': 'public',
  'PUT /api/site/about': 'admin',
  'GET /api/site/faq': 'public',
  'PUT /api/site/faq': 'admin',
  'GET /api/site/toppers': 'public',
  'POST /api/site/toppers': 'admin',
  'PATCH /api/site/toppers/:id': 'admin',
  'DELETE /api/site/toppers/:id': 'admin',
  'GET /api/site/testimonials': 'public',
  'POST /api/site/testimonials': 'admin',
  'PATCH /api/site/testimonials/:id': 'admin',
  'DELETE /api/site/testimonials/:id': 'admin',
  'POST /api/site/images': 'admin',
  'GET /api/site/images/files/:key': 'public',
  // The contact page's enquiry (open), and the admissions desk (`enquiries.manage`, centre-scoped).
  'POST /api/public/enquiries': 'public',
  'POST /api/enquiries': 'admin',
  'GET /api/enquiries': 'admin',
  'GET /api/enquiries/owners': 'admin',
  'GET /api/enquiries/funnel': 'admin',
  'GET /api/enquiries/funnel.csv': 'admin',
  'GET /api/enquiries/:id': 'admin',
  'PATCH /api/enquiries/:id': 'admin',
  'POST /api/enquiries/:id/activities': 'admin',
  // The NLU helper: the admin's cut-offs (`nlu.manage`), the open predictor, its source line and the call-back.
  'POST /api/nlu/cutoffs/import': 'admin',
  'GET /api/nlu/cutoffs': 'admin',
  'DELETE /api/nlu/cutoffs': 'admin',
  'GET /api/nlu/predict': 'public',
  'GET /api/nlu/source': 'public',
  'GET /api/nlu/calendar': 'public',
  'PUT /api/nlu/calendar': 'admin',
  'POST /api/public/nlu/call-back': 'public',
  // Flashcards: staff decks (`flashcards.manage`), the deck list for both, a student's review of their own.
  'GET /api/flashcards/decks': 'user',
  'POST /api/flashcards/decks': 'admin',
  'PATCH /api/flashcards/decks/:id': 'admin',
  'DELETE /api/flashcards/decks/:id': 'admin',
  'GET /api/flashcards/decks/:id/cards': 'admin',
  'DELETE /api/flashcards/decks/:id/cards/:cardId': 'admin',
  'POST /api/flashcards/decks/:id/import': 'admin',
  'GET /api/flashcards/due': 'student',
  'POST /api/flashcards/mine': 'student',
  'POST /api/flashcards/:cardId/review': 'student',
  // The daily quiz (docs/product-daily-quiz.md): staff make it (`dailyQuiz.manage`), a student takes their own.
  'POST /api/daily-quizzes': 'admin',
  'GET /api/daily-quizzes': 'admin',
  'PATCH /api/daily-quizzes/:id': 'admin',
  'DELETE /api/daily-quizzes/:id': 'admin',
  'GET /api/daily-quizzes/today': 'student',
  'POST /api/daily-quizzes/:id/submit': 'student',
  'GET /api/daily-quizzes/streak': 'student',
  'GET /api/daily-quizzes/leaderboard': 'student',
  'POST /api/uploads': 'admin',
  'GET /api/uploads/files/:key': 'public',
  'GET /api/materials': 'admin',
  'POST /api/materials': 'admin',
  'PATCH /api/materials/:id': 'admin',
  'DELETE /api/materials/:id': 'admin',
  'GET /api/materials/student': 'student',
  // A student gets only a material for their course or batch (else 404); staff any.
  'GET /api/materials/:id/download': 'user',
  'GET /api/exam-presets': 'admin',
  'GET /api/exams': 'user',
  'GET /api/exams/student/available': 'student',
  'GET /api/exams/:examId': 'user',
  'POST /api/exams': 'admin',
  'PATCH /api/exams/:id': 'admin',
  'DELETE /api/exams/:id': 'admin',
  'GET /api/exams/:id/overrides': 'admin',
  'GET /api/exams/:id/export.xlsx': 'admin',
  'GET /api/question-bank/template.csv': 'admin',
  'GET /api/question-bank/template.xlsx': 'admin',
  'POST /api/question-bank/import': 'admin',
  'GET /api/question-bank/questions': 'admin',
  'POST /api/question-bank/questions': 'admin',
  'GET /api/question-bank/questions/:id': 'admin',
  'GET /api/question-bank/questions/:id/versions': 'admin',
  'PATCH /api/question-bank/questions/:id': 'admin',
  'DELETE /api/question-bank/questions/:id': 'admin',
  'POST /api/question-bank/draw': 'admin',
  'POST /api/exams/:id/overrides': 'admin',
  'POST /api/exams/:examId/attempt': 'student',
  'PUT /api/exams/:examId/attempt/answers': 'student',
  'POST /api/submissions': 'student',
  'GET /api/submissions/my-submissions': 'student',
  'GET /api/submissions/admin': 'admin',
  'GET /api/submissions/admin/stats': 'admin',
  'GET /api/submissions/admin/all': 'admin',
  'PATCH /api/submissions/admin/publish-results/:examId': 'admin',
  'PATCH /api/submissions/admin/unpublish-results/:examId': 'admin',
  'GET /api/submissions/:id': 'user',
  'PATCH /api/submissions/:id/evaluate': 'admin',
  'GET /api/results/student': 'student',
  'GET /api/submissions/:id/analysis': 'user',
  'GET /api/submissions/:id/review': 'user',
  'GET /api/bookmarks': 'student',
  'POST /api/bookmarks': 'student',
  'DELETE /api/bookmarks/:questionId': 'student',
  'GET /api/exams/:id/merit-list': 'admin',
  'GET /api/exams/:id/item-analysis': 'admin',
  'POST /api/exams/:id/objections': 'student',
  'GET /api/exams/:id/objections': 'admin',
  'GET /api/exams/:id/objections/mine': 'student',
  'GET /api/exams/:id/regrade': 'admin',
  'POST /api/exams/:id/regrade': 'admin',
  'POST /api/admission-requests': 'public',
  'GET /api/admission-requests/status/:email': 'public',
  'GET /api/admission-requests/admin': 'admin',
  'GET /api/admission-requests/admin/:id': 'admin',
  'PATCH /api/admission-requests/admin/:id/approve': 'admin',
  'PATCH /api/admission-requests/admin/:id/reject': 'admin',
  'DELETE /api/admission-requests/admin/:id': 'admin',
  'GET /api/admissions/student': 'student',
  'POST /api/payments/coupons/validate': 'student',
  'POST /api/payments/counter': 'admin',
  'GET /api/payments/counter/students/:id': 'admin',
  'POST /api/payments/:id/bounce': 'admin',
  'GET /api/payments/collections': 'admin',
  'GET /api/coupons': 'admin',
  'POST /api/coupons': 'admin',
  'PATCH /api/coupons/:id': 'admin',
  'DELETE /api/coupons/:id': 'admin',
  'POST /api/payments/orders': 'student',
  'POST /api/payments/verify': 'student',
  'POST /api/payments/paytm/initiate': 'student',
  'GET /api/payments/history': 'student',
  'GET /api/payments/student': 'student',
  'GET /api/payments/fees': 'student',
  'GET /api/payments/status/:orderId': 'user',
  'GET /api/payments/:id/receipt': 'user',
  'GET /api/payments/:id/credit-notes/:noteId': 'user',
  'GET /api/payments': 'admin',
  'GET /api/payments/summary': 'admin',
  'GET /api/payments/:id': 'admin',
  'PATCH /api/payments/:id/verify': 'admin',
  'POST /api/payments/:id/refund': 'admin',
  'POST /api/payments/sandbox/checkout/:orderId': 'student',
  'POST /api/payments/sandbox/hosted': 'gateway',
  'POST /api/payments/callback/:gateway': 'gateway',
  'POST /api/payments/webhooks/:gateway': 'gateway',
  'GET /api/users': 'admin',
  'GET /api/users/export.csv': 'admin',
  'GET /api/users/:id': 'admin',
  'PATCH /api/users/:id': 'admin',
  'POST /api/users/:id/reset-password': 'admin',
  'DELETE /api/users/:id': 'admin',
  'GET /api/users/:id/guardians': 'admin',
  'PUT /api/users/:id/guardians': 'admin',
  'GET /api/users/:id/guardian-alerts': 'admin',
  'POST /api/users/import': 'admin',
  'GET /api/batches': 'admin',
  'POST /api/batches': 'admin',
  'GET /api/batches/teachers': 'admin',
  'GET /api/batches/:id': 'admin',
  'PATCH /api/batches/:id': 'admin',
  'DELETE /api/batches/:id': 'admin',
  'GET /api/batches/:id/sessions': 'admin',
  'POST /api/batches/:id/sessions': 'admin',
  'GET /api/sessions': 'admin',
  'PATCH /api/sessions/:id': 'admin',
  'DELETE /api/sessions/:id': 'admin',
  'GET /api/sessions/:id/attendance': 'admin',
  'PUT /api/sessions/:id/attendance': 'admin',
  'GET /api/attendance/student': 'student',
  'GET /api/attendance': 'admin',
  'GET /api/timetable/student': 'student',
  'GET /api/calendar/token': 'student',
  'POST /api/calendar/token': 'student',
  // The feed's secret address is its key (calendar apps cannot sign in).
  'GET /api/calendar/:file': 'public',
  'GET /api/stats/admin': 'admin',
  'GET /api/audit': 'admin',
  'GET /api/notifications/preferences': 'student',
  'PUT /api/notifications/preferences': 'student',
  'POST /api/notifications/broadcast/count': 'admin',
  'POST /api/notifications/broadcast': 'admin',
  'GET /api/notifications/outbox': 'admin',
  'POST /api/notifications/outbox/:id/retry': 'admin',
  'GET /api/staff': 'admin',
  'POST /api/staff': 'admin',
  'PATCH /api/staff/:id': 'admin',
  'DELETE /api/staff/:id': 'admin',
  'GET /api/dev/mailbox': 'dev',
  'POST /api/dev/jobs/:name/run': 'dev',
  'GET /api/dev/mailbox/attachments/:id': 'dev',
};

/** The zod schemas a route declared (fastify-type-provider-zod keeps them as zod objects). */
export type RouteSchemas = { body?: unknown; querystring?: unknown; params?: unknown };

export type ApiRoute = {
  /** `GET /api/exams/:examId`: the key of ACCESS. */
  key: string;
  method: string;
  url: string;
  access: Access | undefined;
  schema: RouteSchemas;
  /** Fastify answers HEAD for it too (every GET). */
  hasHead: boolean;
  /** The hooks named in the route's options, by hook. */
  hooks: Record<(typeof ROUTE_HOOKS)[number], unknown[]>;
};

const ROUTE_HOOKS = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;
const hooksOf = (r: RouteOptions) => Object.fromEntries(ROUTE_HOOKS.map((h) => [h, [r[h] ?? []].flat()])) as ApiRoute['hooks'];

/** `/api/courses/` and `/api/courses` are one route. */
const normalise = (url: string) => (url.length > 1 ? url.replace(/\/$/, '') : url);

/** Builds the app while recording every route it registers; answers the /api routes, one per method and path. */
export async function createAppWithRoutes(env: Record<string, string> = {}): Promise<{ t: TestApp; routes: ApiRoute[] }> {
  const seen: RouteOptions[] = [];
  const t = await createTestApp(env, { onRoute: (r) => seen.push(r) });
  const byKey = new Map<string, ApiRoute>();
  const heads = new Set<string>();
  for (const r of seen) {
    const url = normalise(r.url ?? '');
    if (!url.startsWith('/api/')) continue;
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') {
        heads.add(url);
        continue;
      }
      const key = `${method} ${url}`;
      if (byKey.has(key)) continue;
      byKey.set(key, {
        key,
        method,
        url,
        access: ACCESS[key],
        schema: (r.schema ?? {}) as RouteSchemas,
        hasHead: false,
        hooks: hooksOf(r),
      });
    }
  }
  const routes = [...byKey.values()].map((r) => ({ ...r, hasHead: r.method === 'GET' && heads.has(r.url) }));
  return { t, routes };
}

/** The names of a route's path parameters: `/api/exams/:examId/attempt` → ['examId']. */
export const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** Fills the path parameters; `value(name, url)` must know every one (a new parameter fails loudly). */
export function fillPath(url: string, value: (name: string, url: string) => string | undefined): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const v = value(name, url);
    if (v === undefined) throw new Error(`No value for :${name} in ${url}: teach the security tests about it`);
    return encodeURIComponent(v);
  });
}
