import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without types (scripts/build-server.mjs)
import { SERVER_NODE_FLAGS } from '../../../scripts/build-server.mjs';

// The server's node flags live in scripts/build-server.mjs; `npm start` and the systemd unit of
// docs/operations.md must run the server with them too.
const root = path.resolve(import.meta.dirname, '../../..');

describe('the node flags the server runs with', () => {
  it('are given by npm start and by the documented systemd unit', () => {
    const flags = SERVER_NODE_FLAGS as string[];
    expect(flags).toContain('--max-semi-space-size=32');
    const start = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start as string;
    expect(start).toBe(`node ${flags.join(' ')} scripts/start.mjs`);
    const operations = fs.readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    expect(operations).toContain(`ExecStart=/usr/bin/node ${flags.join(' ')} server/dist/main.mjs`);
  });
});
