import type { Config } from './config.ts';
import type { Db, DbHandle } from './db/client.ts';
import type { TokenSigner } from './lib/tokens.ts';
import type { Mailer } from './modules/messaging/mail.ts';
import type { Notifier } from './modules/messaging/notifier.ts';
import type { Storage } from './lib/storage.ts';
import type { PaymentGateway } from './modules/payments/gateways/types.ts';
import type { ReadCache } from './lib/read-cache.ts';
import type { MarkingQuestionCache } from './modules/exam-taking/finalize.ts';
import type { PaperCache } from './modules/exams/paper-cache.ts';
import type { VersionCache } from './lib/version-cache.ts';
import type { ExamFrame } from './modules/analysis/analysis.ts';
import type { AfterReply } from './lib/after-reply.ts';
import type { WorkerPool } from './lib/worker-pool.ts';
import type { StampedCopies } from './modules/materials/stamped-copies.ts';
import type { WorkerTasks } from './worker.ts';

/** The app's in-memory caches: created with the app, so two apps in one process never share one. */
type AppCaches = {
  /** Public reads (courses, announcements) as ready JSON. */
  publicReads: ReadCache;
  /** The questions marking needs, by exam version. */
  markingQuestions: MarkingQuestionCache;
  /** The student's paper as ready, compressed bytes, by exam version. */
  papers: PaperCache;
  /** What every analysis of one exam shares, by the versions of the exam and of its ranks. */
  analysisFrames: VersionCache<ExamFrame>;
  /** The study materials' stamped copies being made now, and the day their old copies were last removed. */
  stampedCopies: StampedCopies;
};

/** What every service needs; built once in app.ts and passed down explicitly. */
export type Ctx = {
  config: Config;
  db: Db;
  dbHandle: DbHandle;
  signer: TokenSigner;
  mailer: Mailer;
  /** SMS and WhatsApp through the providers the configuration selects (docs/product-notifications.md). */
  notifier: Notifier;
  storage: Storage;
  /** The payment gateway PAYMENT_GATEWAY selects, built once with the app (tests may put a fake in its place). */
  gateway: PaymentGateway;
  caches: AppCaches;
  /** Work left for after a request's answer (lib/after-reply.ts); the app waits for it when it closes. */
  afterReply: AfterReply;
  /** Worker threads for the heavy tasks (imports, PDF checks and stamps), so the event loop stays free. */
  workers: WorkerPool<WorkerTasks>;
};

export type Actor = {
  id: string;
  role: import('@app/common/permissions').UserRole;
  /** The centres a centre manager works for; null for everyone else (docs/product-staff.md). */
  centres: string[] | null;
  /** The children a parent's account is linked to (`student_guardians`); null for everyone else (docs/product-parents.md). */
  children?: string[] | null;
  firstName: string;
  lastName: string;
  /** Null for a parent who signs in by phone alone (docs/product-parents.md). */
  email: string | null;
  /** The token this request came with (absent for actors made outside a request, e.g. jobs). */
  tokenId?: string;
  tokenExpiresAt?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: Ctx;
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** Whose records the actor reaches, resolved with the actor (lib/record-scope.ts). */
    scope: import('./lib/record-scope.ts').Scope | null;
    /** Set when a token was presented that the server ended or whose account is deactivated. */
    signedOutReason: import('@app/common/constants').SignOutReason | null;
  }
}
