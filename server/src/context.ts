import type { Config } from './config.ts';
import type { Db, DbHandle } from './db/client.ts';
import type { TokenSigner } from './lib/tokens.ts';
import type { Mailer } from './modules/mail/service.ts';
import type { Storage } from './lib/storage.ts';
import type { ReadCache } from './lib/read-cache.ts';
import type { MarkingQuestionCache } from './modules/attempts/finalize.ts';

/** The app's in-memory caches: created with the app, so two apps in one process never share one. */
export type AppCaches = {
  /** Public reads (courses, announcements) as ready JSON. */
  publicReads: ReadCache;
  /** The questions marking needs, by exam version. */
  markingQuestions: MarkingQuestionCache;
};

/** What every service needs; built once in app.ts and passed down explicitly. */
export type Ctx = {
  config: Config;
  db: Db;
  dbHandle: DbHandle;
  signer: TokenSigner;
  mailer: Mailer;
  storage: Storage;
  caches: AppCaches;
};

export type Actor = {
  id: string;
  role: 'admin' | 'student';
  firstName: string;
  lastName: string;
  email: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: Ctx;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}
