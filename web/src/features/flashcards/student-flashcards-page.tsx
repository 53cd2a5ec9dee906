import { FLASHCARD_RATINGS, type FlashcardRating } from '@app/common/schemas/flashcards';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Layers } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { buttonClass, Field } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { QueryState } from '../../components/query-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAddMyCard, useDecks, useDueCards, useReview } from './api/flashcards.ts';
import { intervalText } from './intervals.ts';

// /student/flashcards (docs/product-flashcards.md): the decks the student sees with today's due counts, and
// the review: a card's front, flipped to its back (space), rated 1 to 4; the schedule is the server's (FSRS).

const LABELS: Record<FlashcardRating, string> = { again: 'Again', hard: 'Hard', good: 'Good', easy: 'Easy' };
const TONES: Record<FlashcardRating, string> = {
  again: 'border-red-300 bg-red-50 text-red-800',
  hard: 'border-amber-300 bg-amber-50 text-amber-800',
  good: 'border-green-300 bg-green-50 text-green-800',
  easy: 'border-blue-300 bg-blue-50 text-blue-800',
};

function Review({ onDone }: { onDone: () => void }) {
  const due = useDueCards();
  const review = useReview();
  const [index, setIndex] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [reviewed, setReviewed] = useState(0);
  const cards = due.data?.cards ?? [];
  const card = cards[index];

  const rate = useCallback(
    (rating: FlashcardRating) => {
      if (!card || !flipped || review.isPending) return;
      review.mutate(
        { cardId: card._id, rating },
        {
          onSuccess: () => {
            setReviewed((n) => n + 1);
            setIndex((i) => i + 1);
            setFlipped(false);
          },
          onError: (err) => toast.error(errorMessage(err, 'Could not save the rating.')),
        },
      );
    },
    [card, flipped, review],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (e.key === ' ') {
        e.preventDefault();
        setFlipped((f) => !f);
      } else if (['1', '2', '3', '4'].includes(e.key)) {
        rate(FLASHCARD_RATINGS[Number(e.key) - 1] as FlashcardRating);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rate]);

  return (
    <QueryState query={due} loadingText="Loading your cards..." errorText={(e) => errorMessage(e, 'Could not load your cards.')}>
      {() =>
        !card ? (
          <div className="rounded-xl bg-white p-6 text-center shadow-sm" role="status">
            <h2 className="text-xl font-semibold text-slate-900">All done for today</h2>
            <p className="mt-1 text-slate-600">
              You reviewed {reviewed} card{reviewed === 1 ? '' : 's'}. Cards come back when they are due again.
            </p>
            <button type="button" className={`${buttonClass.primary} mt-4`} onClick={onDone}>
              Back to decks
            </button>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-slate-600" aria-live="polite">
                Card {index + 1} of {cards.length} · {card.deckTitle}
              </p>
              <button type="button" className="text-sm font-medium text-brand-700 hover:underline" onClick={onDone}>
                Finish for now
              </button>
            </div>
            <button
              type="button"
              onClick={() => setFlipped((f) => !f)}
              aria-label={flipped ? 'Card back: press space to see the front' : 'Card front: press space to see the back'}
              className="flex min-h-56 w-full flex-col items-center justify-center gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm"
              data-testid="flashcard"
            >
              <span className="text-xl font-semibold break-words text-slate-900 sm:text-2xl">{card.front}</span>
              {flipped ? (
                <>
                  <span className="text-lg break-words text-brand-800" data-testid="flashcard-back">
                    {card.back}
                  </span>
                  {card.example && <span className="text-sm break-words text-slate-600">{card.example}</span>}
                </>
              ) : (
                <span className="text-sm text-slate-500">Tap or press space to show the answer</span>
              )}
            </button>
            {flipped ? (
              <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                <legend className="sr-only">How well did you remember it?</legend>
                {FLASHCARD_RATINGS.map((r, i) => (
                  <button
                    key={r}
                    type="button"
                    disabled={review.isPending}
                    onClick={() => rate(r)}
                    className={`flex flex-col items-center rounded-lg border px-3 py-2 font-semibold disabled:opacity-60 ${TONES[r]}`}
                  >
                    <span>
                      {LABELS[r]} <span className="text-xs font-normal">({i + 1})</span>
                    </span>
                    <span className="text-xs font-normal">{intervalText(card.next[r])}</span>
                  </button>
                ))}
              </fieldset>
            ) : (
              <button type="button" className={buttonClass.primary} onClick={() => setFlipped(true)}>
                Show answer
              </button>
            )}
          </div>
        )
      }
    </QueryState>
  );
}

/** A card of the student's own, in their personal deck ("My cards"). */
function AddMyCard() {
  const add = useAddMyCard();
  const [front, setFront] = useState('');
  const [back, setBack] = useState('');
  return (
    <form
      className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate(
          { front, back },
          {
            onSuccess: () => {
              toast.success('Added to my cards');
              setFront('');
              setBack('');
            },
            onError: (err) => toast.error(errorMessage(err, 'Could not add the card.')),
          },
        );
      }}
    >
      <h2 className="font-semibold text-slate-900">Add to my cards</h2>
      <Field label="Front" value={front} onChange={(e) => setFront(e.target.value)} required maxLength={2000} />
      <Field label="Back" value={back} onChange={(e) => setBack(e.target.value)} required maxLength={2000} />
      <div>
        <button type="submit" className={buttonClass.secondary} disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add card'}
        </button>
      </div>
    </form>
  );
}

/** /student/flashcards */
export default function StudentFlashcardsPage() {
  usePageTitle('Flashcards');
  const qc = useQueryClient();
  const decks = useDecks();
  const [reviewing, setReviewing] = useState(false);
  const dueTotal = (decks.data ?? []).reduce((n, d) => n + (d.due ?? 0), 0);

  const start = () => {
    qc.removeQueries({ queryKey: ['flashcards', 'due'] });
    setReviewing(true);
  };
  const stop = () => {
    setReviewing(false);
    qc.invalidateQueries({ queryKey: ['flashcards'] });
  };

  return (
    <section className="mx-auto max-w-3xl px-4 py-6">
      <Link to="/student/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to dashboard
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-800">Flashcards</h1>
      <p className="mt-1 text-sm text-slate-600">
        Legal maxims, vocabulary and bare-act sections, brought back just before you would forget them. Space flips a card; 1 to 4 rate it.
      </p>
      <div className="mt-4">
        {reviewing ? (
          <Review onDone={stop} />
        ) : (
          <QueryState
            query={decks}
            loadingText="Loading decks..."
            errorText={(e) => errorMessage(e, 'Could not load the decks.')}
            isEmpty={(rows) => rows.length === 0}
            empty="No decks yet"
            emptyHint="Your teachers will publish decks here."
          >
            {(rows) => (
              <div className="flex flex-col gap-4">
                <button type="button" className={buttonClass.primary} onClick={start} disabled={dueTotal === 0}>
                  Review due cards ({dueTotal})
                </button>
                <ul className="flex flex-col gap-3" aria-label="Decks">
                  {rows.map((d) => (
                    <li key={d._id} className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm">
                      <Layers aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
                      <div className="min-w-0">
                        <h2 className="break-words font-semibold text-slate-900">{d.title}</h2>
                        {d.description && <p className="break-words text-sm text-slate-600">{d.description}</p>}
                        <p className="text-sm text-slate-600">
                          {d.cards} card{d.cards === 1 ? '' : 's'} · {d.due ?? 0} due today
                        </p>
                      </div>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </QueryState>
        )}
      </div>
      {!reviewing && (
        <div className="mt-4">
          <AddMyCard />
        </div>
      )}
    </section>
  );
}
