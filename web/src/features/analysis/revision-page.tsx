import type { Bookmark } from '@app/common/schemas/analysis';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { QueryState } from '../../components/query-state.tsx';
import { EmptyState } from '../../components/states.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { useBookmarks, useToggleBookmark } from './api/analysis.ts';
import { SolutionCard } from './components/solution-card.tsx';

/** /student/revision: the bookmarked questions grouped by section, each with its solution once released. */
export default function RevisionPage() {
  usePageTitle('My Revision');
  const bookmarks = useBookmarks();
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <Link to="/student/results" className="text-sm font-medium text-brand-700 hover:underline">
        Back to My Results
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-800">My Revision</h1>
      <div className="mt-4 grid gap-6">
        <QueryState
          query={bookmarks}
          loadingText="Loading your revision list..."
          errorText={(e) => errorMessage(e, 'Failed to load your revision list')}
          isEmpty={(d) => d.length === 0}
          empty={<EmptyState title="Nothing to revise yet" hint="Bookmark questions while you review a mock's solutions." />}
        >
          {(list) => <Groups list={list} />}
        </QueryState>
      </div>
    </section>
  );
}

function Groups({ list }: { list: Bookmark[] }) {
  const groups = new Map<string, Bookmark[]>();
  for (const b of list) {
    const key = b.section?.title ?? 'Other questions';
    groups.set(key, [...(groups.get(key) ?? []), b]);
  }
  return (
    <>
      {[...groups].map(([title, items]) => (
        <section key={title} className="grid gap-3" aria-label={title}>
          <h2 className="text-lg font-semibold text-brand-800">
            {title} ({items.length})
          </h2>
          {items.map((b) => (
            <BookmarkCard key={b.questionId} bookmark={b} />
          ))}
        </section>
      ))}
    </>
  );
}

function BookmarkCard({ bookmark: b }: { bookmark: Bookmark }) {
  const toggle = useToggleBookmark();
  const [note, setNote] = useState(b.note ?? '');
  const save = (remove: boolean) =>
    toggle.mutate(
      { body: { questionId: b.questionId, note }, remove },
      {
        onSuccess: () => toast.success(remove ? 'Bookmark removed' : 'Note saved'),
        onError: (e) => toast.error(errorMessage(e, 'Failed to save the bookmark')),
      },
    );
  return (
    // The question's own number in its mock, as its solutions number it.
    <SolutionCard number={b.number} question={b} passage={b.passage}>
      <p className="text-xs text-slate-600">
        From {b.exam.title}
        {!b.solutionReleased && ': the solution shows once it is released with the results.'}
      </p>
      <label className="grid gap-1 text-sm font-medium text-slate-700">
        Note
        <textarea
          value={note}
          maxLength={1000}
          rows={2}
          onChange={(e) => setNote(e.target.value)}
          className="rounded-md border border-slate-300 p-2"
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass.secondary} disabled={toggle.isPending} onClick={() => save(false)}>
          Save note
        </button>
        <button type="button" className={buttonClass.secondary} disabled={toggle.isPending} onClick={() => save(true)}>
          Remove
        </button>
        <Link to={`/student/results/${b.submissionId}/review`} className="self-center text-sm font-medium text-brand-700 hover:underline">
          Open the mock's solutions
        </Link>
      </div>
    </SolutionCard>
  );
}
