/**
 * Values read from the database, kept per id for one version of that id (an exam's `updatedAt`, the time
 * its ranks were computed): a reader that sees a newer version loads afresh and replaces the entry, so a
 * value is never served for a version it was not loaded for. Concurrent first readers share one load; a
 * failed load is not kept, so the next reader tries again. At most `limit` ids, the oldest dropped first.
 * One per app (ctx.caches), never shared between apps in one process.
 */
export class VersionCache<T> {
  private readonly entries = new Map<string, { version: string; value: Promise<T> }>();

  constructor(private readonly limit: number) {}

  get(id: string, version: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(id);
    if (hit && hit.version === version) return hit.value;
    if (!hit && this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as string);
    const value = load();
    const entry = { version, value };
    this.entries.set(id, entry);
    value.catch(() => {
      if (this.entries.get(id) === entry) this.entries.delete(id);
    });
    return value;
  }
}
