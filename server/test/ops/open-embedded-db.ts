import { sql } from 'drizzle-orm';
import { openDb } from '../../src/db/client.ts';

// A first start of the embedded database in DATA_DIR (argv[2]), as main.ts does it, in a process of its
// own so the first-start test can kill it at any moment.
const handle = await openDb({ dataDir: process.argv[2] });
await handle.db.execute(sql`select 1`);
console.log('ready');
await handle.close();
