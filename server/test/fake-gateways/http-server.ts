import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRequest = { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: string };
export type FakeAnswer = { status: number; json: unknown };

/** A loopback HTTP server that records every request and answers through `handle`. */
export async function startFakeServer(handle: (req: FakeRequest) => FakeAnswer) {
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const fr: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(fr);
      let answer: FakeAnswer;
      try {
        answer = handle(fr);
      } catch (err) {
        answer = { status: 500, json: { error: { description: (err as Error).message } } };
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
