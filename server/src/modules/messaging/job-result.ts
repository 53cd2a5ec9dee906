import type { Ctx } from '../../context.ts';
import { type Pending, sendAfterCommit } from './service.ts';

// What every scheduled job answers, and the sending of what its reminders stored (jobs.ts, guardian-jobs.ts).

export type JobResult = { job: string; now: string; reminders: number; messages: number };
/**
 * A job run as if the clock read `now`. `scheduled`: the scheduler's tick (startNotificationJobs), not a run
 * on demand (`POST /api/dev/jobs/{name}/run`); a job bound to a day of the week keeps to it only then.
 */
export type Job = (ctx: Ctx, now: Date, opts?: { scheduled?: boolean }) => Promise<JobResult>;

export async function finish(
  ctx: Ctx,
  job: string,
  now: Date,
  results: ({ pending: Pending; count: number } | null)[],
): Promise<JobResult> {
  let reminders = 0;
  let messages = 0;
  for (const r of results) {
    if (!r) continue;
    reminders++;
    messages += r.count;
    sendAfterCommit(ctx, r.pending);
  }
  return { job, now: now.toISOString(), reminders, messages };
}
