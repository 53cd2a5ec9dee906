import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// Real server processes (`node --import tsx server/src/main.ts`) and databases of their own, for the
// operations tests that need more than `app.inject`: several instances, restarts, backups.

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A new, empty PostgreSQL database next to TEST_DATABASE_URL's, and a way to drop it. */
export async function createPgDatabase(base: string) {
  const name = `ops_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Runs one query against a database and closes the connection. */
export async function query<T = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, values)).rows as T[];
  } finally {
    await c.end();
  }
}

export type LogRecord = { msg?: string; level?: number; [key: string]: unknown };

export type ServerProcess = {
  baseUrl: string;
  /** Everything the process wrote, line by line. */
  output: string[];
  /** The JSON log lines among them. */
  logs: () => LogRecord[];
  stop: () => Promise<void>;
};

/** Starts the server on a free port (PORT=0) and resolves once it listens. */
export function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      output.push(`[exit code=${code} signal=${signal}]`);
      resolve();
    }),
  );
  const logs = () =>
    output.flatMap((line) => {
      if (!line.startsWith('{')) return [];
      try {
        return [JSON.parse(line) as LogRecord];
      } catch {
        return [];
      }
    });
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output.slice(-20).join('\n')}`));
    }, timeoutMs);
    let pending = '';
    const onData = (chunk: Buffer) => {
      pending += chunk.toString();
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) {
        output.push(line);
        const listening = line.match(/"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/);
        if (listening) {
          clearTimeout(timer);
          resolve({ baseUrl: listening[1], output, logs, stop });
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited during start:\n${output.slice(-20).join('\n')}`));
    });
  });
}

/** The exit code and output of a server that is expected to refuse to start. */
export function runUntilExit(env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}
