import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDb } from '../../src/db/client.ts';
import { seed } from '../../src/db/seed.ts';

// The real server as a separate process (`node --import tsx server/src/main.ts`), on its own data
// directory or PostgreSQL database and its own port, so a test can SIGKILL it and start it again.

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const FAULT_ADMIN = { email: 'admin@faults.local', password: 'Admin-Password-1' };
export const JWT_SECRET = 'fault-tests-secret-0123456789abcdef0123456789';

export type FaultDatabase = {
  kind: 'pglite' | 'postgres';
  /** The server's database URL (PostgreSQL), or undefined for PGlite under dataDir. */
  url: string | undefined;
  dataDir: string;
  drop: () => Promise<void>;
};

/** A data directory, and a fresh PostgreSQL database when TEST_DATABASE_URL is set. */
export async function createFaultDatabase(): Promise<FaultDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lawcoach-faults-'));
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    return { kind: 'pglite', url: undefined, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `faults_${randomUUID().replace(/-/g, '')}`;
  await adminQuery(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    url: url.toString(),
    dataDir,
    drop: async () => {
      await adminQuery(base, `drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(base: string, sql: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

export function serverEnv(db: FaultDatabase, port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: db.dataDir,
    ...(db.url ? { DATABASE_URL: db.url } : {}),
    JWT_SECRET,
    ADMIN_EMAIL: FAULT_ADMIN.email,
    ADMIN_PASSWORD: FAULT_ADMIN.password,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * Opens the database in this process and builds the app on it, for setting up and for checking
 * (on PGlite only while no server process holds the directory).
 */
export async function withDirectApp<T>(
  db: FaultDatabase,
  fn: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>,
  env: Record<string, string> = {},
): Promise<T> {
  const config = loadConfig(serverEnv(db, 3000, { LOG_LEVEL: 'silent', ...env }));
  const dbHandle = await openDb({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await dbHandle.migrate();
    const app = await buildApp({ config, dbHandle });
    try {
      await seed(app.ctx, { demo: false });
      await app.ready();
      return await fn(app);
    } finally {
      await app.close();
    }
  } finally {
    await dbHandle.close();
  }
}

/** A port nobody listens on right now (taken from the kernel, then released). */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

export class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  /** The last lines the server wrote, shown when a test fails. */
  output: string[] = [];
  starts = 0;

  constructor(
    private readonly env: Record<string, string>,
    readonly port: number,
  ) {}

  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  }

  get isRunning() {
    return this.child !== null;
  }

  /** Starts the server and waits until /api/health answers. */
  async start(timeoutMs = 90_000): Promise<void> {
    if (this.child) throw new Error('server already running');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.starts++;
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString().split('\n').filter(Boolean));
      if (this.output.length > 200) this.output.splice(0, this.output.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.output.push(`[exit code=${code} signal=${signal}]`);
        if (this.child === child) this.child = null;
        resolve();
      }),
    );
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (!this.child) throw new Error(`server exited during start:\n${this.output.slice(-30).join('\n')}`);
      try {
        const res = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`server did not start within ${timeoutMs} ms:\n${this.output.slice(-30).join('\n')}`);
  }

  /** SIGKILL: no shutdown hook runs, whatever was in flight is cut. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGKILL');
    await this.exited;
  }

  /** A graceful stop (SIGTERM), killed after a few seconds if it hangs. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
