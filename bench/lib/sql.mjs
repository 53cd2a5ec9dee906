// Direct SQL on the benchmark's database, only while the server is stopped for the embedded one
// (PGlite holds its data directory alone).
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export async function openSql(db) {
  if (db.url) {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() };
  }
  const client = new PGlite(path.join(db.dataDir, 'pglite'));
  await client.waitReady;
  return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.close() };
}
