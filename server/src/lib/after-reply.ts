import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work a request leaves for after its answer has gone out: forgot-password writes the reset link and its
 * mail then, so that the answer's timing does not tell whether the e-mail has an account (docs/product.md
 * section 7). Kept per app (on the context) so that closing the app, and a test, can wait for it; a failure
 * is logged, since nobody is left to answer.
 */
export class AfterReply {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /**
   * Runs `work` once `reply` has been sent (or the client has gone), in a later turn of the event loop:
   * nothing of it, not even its first synchronous steps, runs before whatever the answer's end set going.
   */
  run(reply: FastifyReply, what: string, work: () => Promise<void>) {
    const sent = new Promise<void>((resolve) => {
      const next = () => setImmediate(resolve);
      if (reply.raw.writableFinished || reply.raw.destroyed) return next();
      reply.raw.once('finish', next);
      reply.raw.once('close', next);
    });
    const done = sent.then(work).catch((err: unknown) => this.log.error({ err }, `${what}: the work after the answer failed`));
    this.inFlight.add(done);
    void done.finally(() => this.inFlight.delete(done));
  }

  /** Resolves once every piece of work started so far (and any it started) has finished. */
  async idle() {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
