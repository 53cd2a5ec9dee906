import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, s3OptionsOf } from './config.ts';
import type { Ctx } from './context.ts';
import type { DbHandle } from './db/client.ts';
import { PUBLIC_READ_TTL_MS, ReadCache } from './lib/read-cache.ts';
import { createDiskStorage, createS3Storage } from './lib/storage.ts';
import { TokenSigner, loadSigningSecret } from './lib/tokens.ts';
import { validatorCompilerForStorableText } from './lib/validation.ts';
import { VersionCache } from './lib/version-cache.ts';
import { WorkerPool } from './lib/worker-pool.ts';
import { admissionRequestRoutes, studentAdmissionRoutes } from './modules/admissions/routes.ts';
import { announcementRoutes } from './modules/announcements/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { createGateway } from './modules/payments/gateways/index.ts';
import { batchModuleRoutes } from './modules/batches/routes.ts';
import { analysisRoutes } from './modules/analysis/routes.ts';
import { regradeRoutes } from './modules/regrade/routes.ts';
import { couponRoutes } from './modules/payments/coupon-routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { statsRoutes } from './modules/stats/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { guardianRoutes } from './modules/guardians/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { parentAuthRoutes } from './modules/parents/auth-routes.ts';
import { parentRoutes } from './modules/parents/routes.ts';
import { centreRoutes } from './modules/centres/routes.ts';
import { courseRoutes } from './modules/courses/routes.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { examRoutes } from './modules/exams/routes.ts';
import { galleryRoutes } from './modules/gallery/routes.ts';
import { enquiryRoutes, publicEnquiryRoutes } from './modules/enquiries/routes.ts';
import { flashcardRoutes } from './modules/flashcards/routes.ts';
import { nluRoutes, publicNluRoutes } from './modules/nlu/routes.ts';
import { dailyQuizRoutes } from './modules/daily-quiz/routes.ts';
import { siteRoutes } from './modules/site/routes.ts';
import { sitemapRoutes } from './modules/site/sitemap.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { materialRoutes } from './modules/materials/routes.ts';
import { StampedCopies } from './modules/materials/stamped-copies.ts';
import { questionBankRoutes } from './modules/question-bank/routes.ts';
import { examPresetRoutes } from './modules/exams/presets.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { Mailer } from './modules/messaging/mail.ts';
import { createAdapters } from './modules/messaging/adapters.ts';
import { Notifier } from './modules/messaging/notifier.ts';
import { AfterReply } from './lib/after-reply.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { MarkingQuestionCache } from './modules/exam-taking/finalize.ts';
import { PaperCache } from './modules/exams/paper-cache.ts';
import { resultRoutes } from './modules/submissions/result-routes.ts';
import { submissionRoutes } from './modules/submissions/routes.ts';
import { publicInstituteRoutes, settingsRoutes } from './modules/settings/routes.ts';
import { registerAuth, requireAdmin } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { requestIdFor, requestLoggerFactory } from './plugins/logging.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerResponseHeaders } from './plugins/security-headers.ts';
import { registerWebPages } from './plugins/web-pages.ts';
import { WEB_DIST_DIR, WEB_RENDERER, WORKER_ENTRY } from './paths.ts';
import type { WorkerTasks } from './worker.ts';

export const WEB_DIST = WEB_DIST_DIR;

export type BuildOptions = {
  config: Config;
  dbHandle: DbHandle;
  logger?: boolean | object;
  /** Sees every route as it registers (the security tests enumerate the whole route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /** The built web app to serve (the security tests serve a small stand-in). */
  webDist?: string;
  /** Its renderer of the public pages; by default the build's, with the build's web app only. */
  webRenderer?: string;
};

/** Builds the whole app; main.ts starts it and tests call it through `app.inject`. */
/**
 * The answers that come in storms are built field by field by typed DTO functions and written with
 * JSON.stringify: the exam hall's (a start, a save, a submit: 2,000 at once at the bell; exam-taking/attempt.ts,
 * exam-taking/submit.ts) and the analysis every candidate opens when results are published (analysis/analysis.ts).
 * Every other answer is checked and stripped by its zod schema as it is written (docs/architecture.md, "The
 * exam hall"). The contract tests check these answers against their schemas.
 */
const HALL_ROUTES = new Set([
  'POST /api/exams/:examId/attempt',
  'PUT /api/exams/:examId/attempt/answers',
  'POST /api/submissions',
  'GET /api/submissions/:id/analysis',
]);
const hallAwareSerializer: typeof serializerCompiler = (route) =>
  HALL_ROUTES.has(`${route.method} ${route.url}`) ? (data: unknown) => JSON.stringify(data) : serializerCompiler(route);

export async function buildApp({
  config,
  dbHandle,
  logger,
  onRoute,
  webDist = WEB_DIST,
  webRenderer = webDist === WEB_DIST ? WEB_RENDERER : undefined,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestTimeout: 10_000,
    genReqId: requestIdFor,
    // Without a logger Fastify's requests share its silent one; with one, each request's is made on its first line.
    ...(logger ? { childLoggerFactory: requestLoggerFactory } : {}),
    ajv: { customOptions: { coerceTypes: false } },
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);
  registerResponseHeaders(app, config);

  app.setValidatorCompiler(validatorCompilerForStorableText);
  app.setSerializerCompiler(hallAwareSerializer);

  const persistent = dbHandle.kind === 'postgres' || config.NODE_ENV !== 'test';
  const ctx: Ctx = {
    config,
    db: dbHandle.db,
    dbHandle,
    signer: new TokenSigner(loadSigningSecret(config.JWT_SECRET, persistent ? config.dataDir : null), config.TOKEN_TTL_HOURS * 3600),
    mailer: new Mailer(dbHandle.db, config.SMTP_URL, config.MAIL_FROM, app.log),
    notifier: new Notifier(dbHandle.db, createAdapters(config), app.log),
    storage: storageFor(config, app.log),
    gateway: createGateway(config, dbHandle),
    caches: {
      publicReads: new ReadCache(PUBLIC_READ_TTL_MS),
      markingQuestions: new MarkingQuestionCache(),
      papers: new PaperCache(),
      analysisFrames: new VersionCache(100),
      stampedCopies: new StampedCopies(),
    },
    afterReply: new AfterReply(app.log),
    workers: new WorkerPool<WorkerTasks>({ filename: WORKER_ENTRY, log: app.log }),
  };
  app.decorate('ctx', ctx);
  // What requests left for after their answers finishes before the database is closed.
  app.addHook('onClose', () => ctx.afterReply.idle());
  app.addHook('onClose', () => ctx.workers.close());

  await registerRateLimit(app, config);
  await app.register(swagger, {
    openapi: { info: { title: 'Law Coaching Institute API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  registerErrorHandler(app);
  registerAuth(app);
  await app.register(docsRoutes, { production: config.NODE_ENV === 'production' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(parentAuthRoutes, { prefix: '/auth/parent' });
      await api.register(parentRoutes, { prefix: '/parent' });
      await api.register(centreRoutes, { prefix: '/centres' });
      await api.register(courseRoutes, { prefix: '/courses' });
      await api.register(announcementRoutes, { prefix: '/announcements' });
      await api.register(galleryRoutes, { prefix: '/gallery' });
      await api.register(siteRoutes, { prefix: '/site' });
      await api.register(enquiryRoutes, { prefix: '/enquiries' });
      await api.register(publicEnquiryRoutes, { prefix: '/public/enquiries' });
      await api.register(flashcardRoutes, { prefix: '/flashcards' });
      await api.register(nluRoutes, { prefix: '/nlu' });
      await api.register(dailyQuizRoutes, { prefix: '/daily-quizzes' });
      await api.register(publicNluRoutes, { prefix: '/public/nlu' });
      await api.register(examRoutes, { prefix: '/exams' });
      await api.register(examPresetRoutes, { prefix: '/exam-presets' });
      await api.register(questionBankRoutes, { prefix: '/question-bank' });
      await api.register(uploadRoutes, { prefix: '/uploads' });
      await api.register(materialRoutes, { prefix: '/materials' });
      await api.register(submissionRoutes, { prefix: '/submissions' });
      await api.register(resultRoutes, { prefix: '/results' });
      await api.register(admissionRequestRoutes, { prefix: '/admission-requests' });
      await api.register(studentAdmissionRoutes, { prefix: '/admissions' });
      await api.register(paymentRoutes, { prefix: '/payments' });
      await api.register(couponRoutes, { prefix: '/coupons' });
      await api.register(userRoutes, { prefix: '/users' });
      await api.register(guardianRoutes, { prefix: '/users' });
      await api.register(statsRoutes, { prefix: '/stats' });
      await api.register(auditRoutes, { prefix: '/audit' });
      await api.register(staffRoutes, { prefix: '/staff' });
      await api.register(settingsRoutes, { prefix: '/settings' });
      await api.register(publicInstituteRoutes, { prefix: '/public' });
      await api.register(batchModuleRoutes);
      await api.register(analysisRoutes);
      await api.register(notificationRoutes, { prefix: '/notifications' });
      await api.register(regradeRoutes);
      if (config.NODE_ENV !== 'production' && !config.SMTP_URL) {
        await api.register(devRoutes, { prefix: '/dev' });
      }
    },
    { prefix: '/api' },
  );

  await app.register(sitemapRoutes);
  registerWebPages(app, config, webDist, webRenderer);
  return app;
}

/**
 * The API description, which maps every route and field: a page (Swagger UI) at /api/docs, the JSON at
 * /api/docs/json. In production only a signed-in admin reads any part of it, the page's own scripts and
 * styles included: each of its routes gets the admin guard in its options, as every guarded route does
 * (docs/decisions/0022-api-docs-page.md).
 */
async function docsRoutes(docs: FastifyInstance, opts: { production: boolean }) {
  if (opts.production) {
    docs.addHook('onRoute', (route) => {
      route.onRequest = [requireAdmin, ...[route.onRequest ?? []].flat()];
    });
  }
  await docs.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Every operation listed, its details folded; no bar for loading some other description.
    uiConfig: { docExpansion: 'list', defaultModelsExpandDepth: 0, deepLinking: true, layout: 'BaseLayout' },
    theme: { title: 'Law Coaching Institute API' },
  });
}

/** Uploaded files: S3-compatible object storage when configured, else DATA_DIR/uploads (docs/operations.md, "File storage"). */
function storageFor(config: Config, log: FastifyInstance['log']) {
  const s3 = s3OptionsOf(config);
  return s3
    ? createS3Storage(s3, { error: (details, message) => log.error(details, message) })
    : createDiskStorage(path.join(config.dataDir, 'uploads'));
}
