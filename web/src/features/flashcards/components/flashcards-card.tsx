import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDecks } from '../api/flashcards.ts';

/** The student dashboard's card: how many flashcards are due today, and the way to review them. */
export function FlashcardsCard() {
  const decks = useDecks();
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm" aria-labelledby="flashcards-card-title">
      <h2 id="flashcards-card-title" className="text-lg font-semibold text-slate-800">
        Flashcards
      </h2>
      <div className="mt-3">
        <QueryState query={decks} compact errorText={(e) => errorMessage(e, 'Could not load your flashcards.')}>
          {(rows) => <p className="text-sm text-slate-700">Flashcards due today: {rows.reduce((n, d) => n + (d.due ?? 0), 0)}</p>}
        </QueryState>
      </div>
      <Link to="/student/flashcards" className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline">
        Review flashcards
      </Link>
    </section>
  );
}
