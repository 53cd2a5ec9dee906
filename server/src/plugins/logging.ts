import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

// One JSON line per event; every line written while serving a request carries its `reqId`
// (docs/operations.md, "Logs"). Nothing secret may reach a line: passwords and tokens live in bodies,
// headers and the reset link's path, so bodies and headers are never logged and paths are scrubbed.

const REDACTED = '[redacted]';

/** A request id a proxy or client sent is kept only when it is a short plain token (it ends up in every line). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

// Path segments that are secrets themselves (the e-mailed reset link), and query keys that may carry one.
const SECRET_PATHS = [/(\/reset-password\/)[^/?#]+/gi];
const SECRET_QUERY_KEY = /token|password|secret|signature|checksum|key|code|otp/i;

function scrubUrl(url: string): string {
  let [path, query] = [url, ''];
  const q = url.indexOf('?');
  if (q >= 0) [path, query] = [url.slice(0, q), url.slice(q + 1)];
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (!query) return path;
  const scrubbed = query
    .split('&')
    .map((pair) => {
      const [key] = pair.split('=', 1);
      return SECRET_QUERY_KEY.test(decodeURIComponentSafe(key)) ? `${key}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${scrubbed}`;
}

function decodeURIComponentSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A failed query's message repeats its parameters (e-mails, hashes, tokens): keep the query, drop the values. */
function scrubErrorText(text: unknown) {
  return typeof text === 'string' ? text.replace(/(params: ).*$/gm, `$1${REDACTED}`) : text;
}

const serializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: scrubUrl(req.url),
    remoteAddress: req.ip,
  }),
  err: serializeError,
};

function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return err;
  const e = err as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: e.constructor?.name ?? 'Error',
    message: scrubErrorText(e.message),
    stack: scrubErrorText(e.stack),
    code: e.code,
    statusCode: e.statusCode,
    cause: e.cause !== undefined && depth < 3 ? serializeError(e.cause, depth + 1) : undefined,
  };
}

// Belt and braces: should anyone log a body or headers, these never print.
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'password',
  'confirmPassword',
  'newPassword',
  'token',
  '*.password',
  '*.confirmPassword',
  '*.newPassword',
  '*.currentPassword',
  '*.passwordHash',
  '*.token',
  '*.authorization',
];

/** Fastify's logger settings; tests pass a stream to read the lines back. */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>, stream?: NodeJS.WritableStream) {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers,
    ...(stream ? { stream } : {}),
  };
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
/** pino's logger, which Fastify makes from loggerOptions. */
type PinoLike = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * A request's logger, made real on its first line at an enabled level. Fastify makes a child logger per
 * request to carry `reqId`; with the redaction above, pino runs every binding through the redaction as it
 * makes one (about a microsecond), and at the levels where a request writes no line that was a twentieth of
 * a public read's cost (performance target, bench/README.md). Lines written are the same as the child's.
 */
class RequestLogger {
  #real: PinoLike | undefined;

  constructor(
    private readonly parent: PinoLike,
    private readonly bindings: Bindings,
  ) {}

  private real(): PinoLike {
    this.#real ??= this.parent.child(this.bindings) as PinoLike;
    return this.#real;
  }

  private write(level: Level, args: unknown[]) {
    if (!this.#real && !this.parent.isLevelEnabled(level)) return;
    const real = this.real();
    (real[level] as (this: PinoLike, ...a: unknown[]) => void).apply(real, args);
  }

  get level() {
    return this.#real?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real().level = level;
  }
  isLevelEnabled(level: string) {
    return this.#real ? this.#real.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.real().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: the request's logger is made on its first line. A route with its own
 * level or serializers gets its child at once, as Fastify would make it.
 */
export function requestLoggerFactory(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  const isPino = typeof (logger as Partial<PinoLike>).isLevelEnabled === 'function';
  if (!isPino || options.level || options.serializers) return logger.child(bindings, options);
  return new RequestLogger(logger as PinoLike, bindings) as unknown as FastifyBaseLogger;
}
