import { plural } from '@app/common/rules/text';
import { formatDateTime } from '@app/common/rules/dates';
import { SUBMISSION_MESSAGES, type AdminSubmissionStats } from '@app/common/schemas/submissions';
import { EyeOff, Megaphone } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client.ts';
import { Badge } from '../../../components/badge.tsx';
import { usePublish } from '../api/submissions.ts';
import { SUBMISSION_UI } from '../messages.ts';

/** Results Management: per exam, Publish (disabled while any submission awaits evaluation) or Unpublish. */
export function ResultsManagement({ exams }: { exams: AdminSubmissionStats['exams'] }) {
  const publish = usePublish();
  const run = (examId: string, doPublish: boolean) =>
    publish.mutate(
      { examId, publish: doPublish },
      {
        onSuccess: (data) => toast.success(doPublish ? SUBMISSION_UI.published : data.message),
        onError: (err) => toast.error(doPublish ? errorMessage(err, SUBMISSION_UI.publishError) : SUBMISSION_UI.unpublishError),
      },
    );
  const busy = (examId: string) => publish.isPending && publish.variables?.examId === examId;

  return (
    <section aria-labelledby="results-management" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 id="results-management" className="text-lg font-semibold text-brand-800">
        Results Management
      </h2>
      {exams.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No exams with submissions yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {exams.map((exam) => {
            const canPublish = exam.canPublish && exam.pending === 0 && exam.submissions > 0;
            const tooltip =
              exam.submissions === 0 ? SUBMISSION_MESSAGES.noSubmissions : SUBMISSION_MESSAGES.pendingEvaluation(exam.pending);
            return (
              <li key={exam._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="break-words font-semibold text-slate-900">{exam.title}</p>
                  <p className="text-sm text-slate-600">
                    {exam.course?.name ? `${exam.course.name} · ` : ''}
                    {plural(exam.submissions, 'submission')} · {exam.evaluated} evaluated · {exam.pending} pending
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  {exam.resultsPublished ? (
                    <Badge tone="green">Published{exam.resultsPublishedAt ? ` ${formatDateTime(exam.resultsPublishedAt)}` : ''}</Badge>
                  ) : (
                    <Badge tone="amber">Not Published</Badge>
                  )}
                  {exam.resultsPublished ? (
                    <button
                      type="button"
                      disabled={busy(exam._id)}
                      onClick={() => run(exam._id, false)}
                      aria-label={`Unpublish results of ${exam.title}`}
                      className="inline-flex items-center gap-1 rounded-md border border-amber-400 px-3 py-1.5 text-sm font-semibold text-amber-800 hover:bg-amber-50 disabled:opacity-60"
                    >
                      <EyeOff aria-hidden="true" className="h-4 w-4" />
                      {busy(exam._id) ? 'Unpublishing...' : 'Unpublish'}
                    </button>
                  ) : (
                    // A disabled button shows no tooltip in every browser: the wrapper carries it.
                    <span title={canPublish ? undefined : tooltip} className="inline-flex">
                      <button
                        type="button"
                        disabled={!canPublish || busy(exam._id)}
                        onClick={() => run(exam._id, true)}
                        aria-label={`Publish results of ${exam.title}`}
                        aria-describedby={canPublish ? undefined : `pending-${exam._id}`}
                        className="inline-flex items-center gap-1 rounded-md bg-green-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
                      >
                        <Megaphone aria-hidden="true" className="h-4 w-4" />
                        {busy(exam._id) ? 'Publishing...' : 'Publish'}
                      </button>
                      {!canPublish && (
                        <span id={`pending-${exam._id}`} className="sr-only">
                          {tooltip}
                        </span>
                      )}
                    </span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
