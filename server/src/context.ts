import type { Config } from './config.ts';
import type { Db, DbHandle } from './db/client.ts';
import type { TokenSigner } from './lib/tokens.ts';
import type { Mailer } from './modules/mail/service.ts';
import type { Storage } from './lib/storage.ts';

/** What every service needs; built once in app.ts and passed down explicitly. */
export type Ctx = {
  config: Config;
  db: Db;
  dbHandle: DbHandle;
  signer: TokenSigner;
  mailer: Mailer;
  storage: Storage;
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
