// A small JSON client on node:http with keep-alive. Each agent can bind its own loopback address
// (127.0.0.x), which is how the storm spreads its students over several "exam halls".
import http from 'node:http';
import zlib from 'node:zlib';

const agents = new Map();
/**
 * The keep-alive agent of one client: by default one per loopback address, shared by every request from it;
 * with `browser`, one of its own, as each student's browser keeps its own connection to the server.
 */
export function agentFor(localAddress = '127.0.0.1', browser = null) {
  const key = browser === null ? localAddress : `${localAddress} ${browser}`;
  let a = agents.get(key);
  if (!a) {
    // Idle connections are closed after 60 s, before the server's keep-alive timeout (72 s): a client that
    // sent a request on a connection the server was closing at that instant would see ECONNRESET, a race
    // a browser settles by sending the request again and this client does not.
    a = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY, localAddress, timeout: 60_000 });
    agents.set(key, a);
  }
  return a;
}
export function destroyAgents() {
  for (const a of agents.values()) a.destroy();
  agents.clear();
}

/** A JSON body serialised ahead of its request (see `request`). */
class JsonBody {
  constructor(body) {
    this.text = JSON.stringify(body);
  }
}
export const jsonBody = (body) => new JsonBody(body);

/**
 * One request; never throws. Resolves { status, body, ms } (status 0 on a network error or after
 * the web client's 10 s timeout). With `decode: false` the body is left as { raw, encoding }. `body` is
 * serialised here, or ahead of time with `jsonBody` when the moment of sending is what is measured (a
 * browser has its answers in memory; on these shared cores the serialising would be the generator's work
 * at the bell, not the students' devices'). `browser` names the client whose own keep-alive connection
 * carries the request (`agentFor`).
 */
export function request(base, method, path, options = {}) {
  return prepareRequest(base, method, path, options).send();
}

/**
 * A request made ready and sent later by `send()` (which resolves as `request` does, its latency counted from
 * the send): the request object, its headers and its connection from the browser's agent are set up now, and
 * the headers and the body go on the wire together at `send()`. The storm's submits are made ready a moment
 * before the bell: in a hall that work is each student's device's, and here 2,000 of them at the bell took
 * the generator 280–420 ms of CPU against 190–230 ms made ready (bench/HISTORY.md, "Submits made ready").
 */
export function prepareRequest(base, method, path, { token, body, localAddress, browser = null, timeoutMs = 10_000, decode = true } = {}) {
  const payload = body === undefined ? undefined : body instanceof JsonBody ? body.text : JSON.stringify(body);
  const url = new URL(path, base);
  let started = 0;
  let done = false;
  let resolveResult;
  const result = new Promise((resolve) => {
    resolveResult = resolve;
  });
  const finish = (status, data, error) => {
    if (done) return;
    done = true;
    // The latency is to the last byte: unpacking and parsing are the load generator's work, not the server's.
    const ms = performance.now() - started;
    let parsed = null;
    if (data && !decode) parsed = data;
    else if (data) {
      // As a browser: compressed answers are accepted and unpacked.
      const { raw, encoding } = data;
      let text = '';
      try {
        text = (encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8');
      } catch (e) {
        status = 0;
        error = `undecodable ${encoding} body: ${e.message}`;
      }
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text; // not JSON (HTML page)
      }
    }
    resolveResult({ status, body: parsed, error, ms });
  };
  const req = http.request(
    {
      hostname: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      method,
      agent: agentFor(localAddress, browser),
      headers: {
        'accept-encoding': 'gzip, deflate, br',
        ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    },
    (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => finish(res.statusCode ?? 0, { raw: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
      res.on('error', (e) => finish(0, null, e.message));
    },
  );
  req.on('error', (e) => finish(0, null, e.message));
  return {
    send() {
      started = performance.now();
      req.setTimeout(timeoutMs, () => {
        req.destroy(new Error('timeout'));
      });
      req.end(payload);
      return result;
    },
  };
}

/** Runs `fn` over `items` with at most `limit` in flight. */
export async function pool(items, limit, fn) {
  let next = 0;
  const out = new Array(items.length);
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
