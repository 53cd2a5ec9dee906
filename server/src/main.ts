import { ROLE_LABELS } from '@app/common/permissions';
import { sql } from 'drizzle-orm';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type DbHandle, openDb } from './db/client.ts';
import { seed } from './db/seed.ts';
import { secureDataDir } from './lib/data-dir.ts';
import { buildApp } from './app.ts';
import { loggerOptions } from './plugins/logging.ts';
import { startReconciler } from './modules/payments/reconciler.ts';
import { startAttemptSweeper } from './modules/exam-taking/sweeper.ts';
import { startNotificationJobs } from './modules/notifications/jobs.ts';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Everything the server writes is its user's alone (DATA_DIR holds password hashes and personal data);
  // what an earlier start or a copy left wider is repaired before anything is opened.
  process.umask(0o077);
  let repaired = secureDataDir(config.dataDir);
  const dbHandle = await openDb({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const app = await buildApp({ config, dbHandle, logger: loggerOptions(config) });
  // Instances starting together take turns: one migrates and seeds, the others find it done (docs/operations.md).
  const admin = await withStartupLock(config, async () => {
    const before = await countAppliedMigrations(dbHandle);
    await dbHandle.migrate();
    const applied = (await countAppliedMigrations(dbHandle)) - before;
    app.log.info({ applied }, applied > 0 ? 'database migrations applied' : 'database migrations already up to date');
    return seed(app.ctx, { demo: config.SEED_DEMO, log: app.log });
  });
  // PGlite writes its files world-readable (0666) whatever the umask: made owner-only once it has them
  // all. Files it adds later sit in directories only the owner can enter.
  repaired += secureDataDir(config.dataDir);
  if (repaired > 0) app.log.info({ repaired, dataDir: config.dataDir }, 'DATA_DIR entries readable by others were made owner-only');
  await dbHandle.warm();
  app.ctx.mailer.startWorker();
  // Settles gateway payments whose callback never arrived (docs/product.md section 11).
  const stopReconciler = startReconciler(app.ctx, app.log);
  const stopSweeper = startAttemptSweeper(app.ctx, app.log);
  // SMS and WhatsApp retries, and the reminders: in-process, at start and on an interval (docs/product-notifications.md).
  app.ctx.notifier.startWorker();
  const stopJobs = startNotificationJobs(app.ctx, app.log, config.NOTIFY_JOB_INTERVAL_MINUTES * 60_000);

  const shutdown = async (signal: string) => {
    // From here /api/ready and every new request answer 503; requests in flight are finished.
    app.log.info({ signal }, 'shutting down');
    app.ctx.mailer.stopWorker();
    stopReconciler();
    stopSweeper();
    stopJobs();
    app.ctx.notifier.stopWorker();
    await app.close();
    await dbHandle.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const siteUrl = config.PUBLIC_URL ? config.publicUrl : `http://localhost:${new URL(address).port}`;
  const db = dbHandle.kind === 'postgres' ? 'PostgreSQL' : `embedded PostgreSQL (PGlite) in ${config.dataDir}`;
  const lines = [
    '',
    `  Law Coaching Institute is running at ${siteUrl}`,
    `  Database: ${db}`,
    `  Sign in as admin at ${siteUrl}/login`,
    `    email:    ${admin.adminEmail}`,
    admin.generatedPassword
      ? `    password: ${admin.generatedPassword}   (generated now and shown only this once; keep it)`
      : config.ADMIN_PASSWORD
        ? '    password: the ADMIN_PASSWORD you set'
        : '    password: the one printed at the first start (or set ADMIN_EMAIL/ADMIN_PASSWORD for a new admin)',
    ...(admin.demoStaff && admin.demoStaff.length > 0
      ? [
          '  Demo staff, one of each role (passwords generated now and shown only this once):',
          ...admin.demoStaff.map((s) => `    ${ROLE_LABELS[s.role].padEnd(15)} ${s.email}   password: ${s.password}`),
        ]
      : []),
    ...(admin.demoParent
      ? [
          `  Sample parent (demo) at ${siteUrl}/login, "I am a parent": mobile ${admin.demoParent.phone.slice(3)}   password: ${admin.demoParent.password}`,
          `    or ask for a one-time code: with no SMS provider it is kept in the outbox at ${siteUrl}/admin/notifications/outbox`,
        ]
      : []),
    config.SMTP_URL
      ? `  E-mails are sent through the SMTP server at ${new URL(config.SMTP_URL).host}`
      : `  E-mails are not sent (no SMTP_URL): they are kept in the outbox, which a signed-in admin reads at ${siteUrl}/dev/mailbox`,
    `  SMS: ${app.ctx.notifier.sends('sms') ? `sent through ${new URL(config.SMS_API_URL as string).host}` : 'not sent (no SMS_PROVIDER): kept in the outbox'}; ` +
      `WhatsApp: ${app.ctx.notifier.sends('whatsapp') ? 'sent through the WhatsApp Cloud API' : 'not sent (no WHATSAPP_TOKEN): kept in the outbox'}`,
    '',
  ];
  console.log(lines.join('\n'));
}

// Any constant other than the migration lock's; the same for every instance of this app.
const STARTUP_LOCK_KEY = 748_213_902;

/**
 * On PostgreSQL, holds an advisory lock on a connection of its own while `fn` runs, so a second instance
 * waits and then sees the migrations applied and the demo content already there (instead of adding it
 * twice, or printing a generated admin password that another instance's row replaced).
 */
async function withStartupLock<T>(config: Config, fn: () => Promise<T>): Promise<T> {
  if (!config.DATABASE_URL) return fn();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: config.DATABASE_URL, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await fn();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => {});
  }
}

async function countAppliedMigrations(dbHandle: DbHandle): Promise<number> {
  try {
    const result = await dbHandle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    return Number((result.rows[0] as { n: unknown }).n);
  } catch {
    return 0; // a fresh database has no migrations table yet
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
