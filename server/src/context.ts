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
