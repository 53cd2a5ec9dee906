import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * Public reads (courses, announcements) answered from memory as ready JSON (the home page
 * is the hot path). An entry is dropped by any write through this instance's services, and lives at
 * most `ttlMs` (or less when the loader says its answer changes sooner, e.g. a scheduled
 * announcement), which bounds how stale another instance's write can look.
 * A load that overlaps a write is not kept, and concurrent misses share one database read.
 * One per app, created in app.ts (ctx.caches.publicReads).
 */
export class ReadCache {
  private readonly entries = new Map<string, { json: string; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<string>>();
  private generation = 0;

  constructor(private readonly ttlMs: number) {}

  async get<S extends z.ZodType>(key: string, schema: S, load: () => Promise<{ value: z.input<S>; validUntil?: number }>): Promise<string> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.json;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = (async () => {
      try {
        const { value, validUntil } = await load();
        // The same check and shape the route's response schema gives, done once per load.
        const json = JSON.stringify(schema.parse(value));
        if (generation === this.generation) {
          this.entries.set(key, { json, expiresAt: Math.min(now + this.ttlMs, validUntil ?? Number.POSITIVE_INFINITY) });
        }
        return json;
      } finally {
        this.loading.delete(key);
      }
    })();
    this.loading.set(key, promise);
    return promise;
  }

  /**
   * Answers `reply` from the cache: synchronously on a hit (no promise, the hot path), after the load on
   * a miss. A route handler returns what this returns.
   */
  serve<S extends z.ZodType>(
    reply: FastifyReply,
    key: string,
    schema: S,
    load: () => Promise<{ value: z.input<S>; validUntil?: number }>,
  ): undefined | Promise<void> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > Date.now()) {
      sendJson(reply, hit.json);
      return undefined;
    }
    return this.get(key, schema, load).then((json) => {
      sendJson(reply, json);
    });
  }

  /** Changes at every write that drops the entries: what was built from these reads is out of date once it moved. */
  get version(): number {
    return this.generation;
  }

  invalidate() {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }
}

/** How long a public read may be answered from memory. */
export const PUBLIC_READ_TTL_MS = 2_000;

/** Sends ready JSON; Fastify does not serialise a string again. */
const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
