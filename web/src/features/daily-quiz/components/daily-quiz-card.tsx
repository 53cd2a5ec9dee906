import { Flame } from 'lucide-react';
import { Link } from 'react-router';

/** The student dashboard's card: the way to today's quiz (docs/product-daily-quiz.md). No call of its own. */
export function DailyQuizCard() {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm" aria-labelledby="daily-quiz-card-title">
      <h2 id="daily-quiz-card-title" className="flex items-center gap-2 text-lg font-semibold text-slate-800">
        <Flame aria-hidden="true" className="h-5 w-5 text-orange-500" /> Daily quiz
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        A few questions every day from 6 am. Keep your streak going and climb your batch's board.
      </p>
      <Link to="/student/daily-quiz" className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline">
        Take today's quiz
      </Link>
    </section>
  );
}
