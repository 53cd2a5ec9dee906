import type { Review, SolvedQuestion } from '@app/common/schemas/analysis';
import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../components/page-title.ts';
import { QueryState } from '../../components/query-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { formatDateTime } from '@app/common/rules/dates';
import { useReview, useToggleBookmark } from './api/analysis.ts';
import { useMyObjections } from './api/objections.ts';
import { ObjectionControl } from './components/objection-control.tsx';
import { SolutionCard } from './components/solution-card.tsx';

const FILTERS = {
  all: { label: 'All', keep: () => true },
  wrong: { label: 'Wrong', keep: (q: SolvedQuestion) => q.status === 'wrong' },
  unattempted: { label: 'Unattempted', keep: (q: SolvedQuestion) => q.status === 'unattempted' },
  review: { label: 'Marked for Review', keep: (q: SolvedQuestion) => q.markedForReview },
  bookmarked: { label: 'Bookmarked', keep: (q: SolvedQuestion) => q.bookmarked },
} as const;
type Filter = keyof typeof FILTERS;

/** /student/results/:id/review: every question with its solution, filtered (docs/product-results.md). */
export default function ReviewPage() {
  const { id = '' } = useParams();
  usePageTitle('Review Solutions');
  const review = useReview(id);
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <div className="flex flex-wrap gap-4 text-sm font-medium">
        <Link to={`/student/results/${id}/analysis`} className="text-brand-700 hover:underline">
          Back to the analysis
        </Link>
        <Link to="/student/revision" className="text-brand-700 hover:underline">
          My revision
        </Link>
      </div>
      <div className="mt-4 grid gap-4">
        <QueryState
          query={review}
          loadingText="Loading the solutions..."
          errorText={(e) => errorMessage(e, 'Failed to load the solutions')}
        >
          {(r) => <ReviewView review={r} />}
        </QueryState>
      </div>
    </section>
  );
}

function ReviewView({ review }: { review: Review }) {
  const [filter, setFilter] = useState<Filter>('all');
  const [section, setSection] = useState('');
  const toggle = useToggleBookmark();
  const objections = useMyObjections(review.examId);
  const isOpen = objections.data?.isOpen ?? false;
  const objectionOf = new Map((objections.data?.objections ?? []).map((o) => [o.questionId, o]));
  const passageOf = new Map(review.sections.flatMap((s) => s.passages.map((p) => [p._id, p.body] as const)));
  const numbered = review.questions.map((q, i) => ({ q, n: i + 1 }));
  const shown = numbered.filter(({ q }) => FILTERS[filter].keep(q) && (!section || q.section === section));
  const onBookmark = (q: SolvedQuestion) =>
    toggle.mutate(
      { body: { questionId: q._id }, remove: q.bookmarked },
      {
        onSuccess: () => toast.success(q.bookmarked ? 'Bookmark removed' : 'Question bookmarked'),
        onError: (e) => toast.error(errorMessage(e, 'Failed to save the bookmark')),
      },
    );
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-800">{review.title}: solutions</h1>
      {isOpen && objections.data?.window && (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" role="status">
          Objections to the answer key are open until {formatDateTime(objections.data.window.closesAt)} IST. Use "Raise objection" under a
          question whose key you think is wrong, with your reason: one objection per question.
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Show</legend>
          {(Object.keys(FILTERS) as Filter[]).map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              className={`rounded-full border px-3 py-1.5 text-sm font-medium ${filter === f ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700'}`}
            >
              {FILTERS[f].label} ({review.questions.filter(FILTERS[f].keep).length})
            </button>
          ))}
        </fieldset>
        {review.sections.length > 0 && (
          <label className="grid gap-1 text-sm font-medium text-slate-700">
            Section
            <select value={section} onChange={(e) => setSection(e.target.value)} className="rounded-md border border-slate-300 px-2 py-1.5">
              <option value="">All sections</option>
              {review.sections.map((s) => (
                <option key={s._id} value={s._id}>
                  {s.title}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {shown.length === 0 && <p className="rounded-xl bg-white p-4 text-slate-600 shadow-sm">No question matches this filter.</p>}
      {shown.map(({ q, n }) => (
        <SolutionCard
          key={q._id}
          number={n}
          question={q}
          passage={q.passage ? passageOf.get(q.passage) : null}
          actions={
            <button
              type="button"
              onClick={() => onBookmark(q)}
              disabled={toggle.isPending}
              aria-pressed={q.bookmarked}
              aria-label={`${q.bookmarked ? 'Remove bookmark' : 'Bookmark'}: question ${n}`}
              className="inline-flex items-center gap-1 rounded-md border border-brand-600 px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              {q.bookmarked ? (
                <BookmarkCheck aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Bookmark aria-hidden="true" className="h-4 w-4" />
              )}
              {q.bookmarked ? 'Bookmarked' : 'Bookmark'}
            </button>
          }
        >
          <ObjectionControl examId={review.examId} questionId={q._id} number={n} mine={objectionOf.get(q._id)} isOpen={isOpen} />
        </SolutionCard>
      ))}
    </>
  );
}
