import type { Config } from './config.ts';
import type { Db, DbHandle } from './db/client.ts';
import type { TokenSigner } from './lib/tokens.ts';
import type { Mailer } from './modules/mail/service.ts';
import type { Notifier } from './modules/notify/notifier.ts';
import type { Storage } from './lib/storage.ts';
import type { PaymentGateway } from './modules/payments/gateways/types.ts';
import type { ReadCache } from './lib/read-cache.ts';
import type { MarkingQuestionCache } from './modules/attempts/finalize.ts';
import type { PaperCache } from './modules/exams/paper-cache.ts';
import type { VersionCache } from './lib/version-cache.ts';
import type { ExamFrame } from './modules/analysis/analysis.ts';

/** The app's in-memory caches: created with the app, so two apps in one process never share one. */
export type AppCaches = {
  /** Public reads (courses, announcements) as ready JSON. */
  publicReads: ReadCache;
  /** The questions marking needs, by exam version. */
  markingQuestions: MarkingQuestionCache;
  /** The student's paper as ready, compressed bytes, by exam version. */
  papers: PaperCache;
  /** What every analysis of one exam shares, by the versions of the exam and of its ranks. */
  analysisFrames: VersionCache<ExamFrame>;
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
};

export type Actor = {
  id: string;
  role: import('@app/common/permissions').UserRole;
  /** The centres a centre manager works for; null for everyone else (docs/product-staff.md). */
  centres: string[] | null;
  firstName: string;
  lastName: string;
  email: string;
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
    /** Set when a token was presented that the server ended or whose account is deactivated. */
    signedOutReason: import('@app/common/constants').SignOutReason | null;
  }
}
