import { defaultInstructions } from '@app/common/rules/instructions';
import { plural } from '@app/common/rules/text';
import type { ExamStudent } from '@app/common/schemas/exam-views';
import { BookOpen, Clock, ListChecks, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass, FormAlert } from '../../../components/field.tsx';

type Props = { exam: ExamStudent; starting: boolean; error: string | null; onStart: () => void };

/** docs/product.md section 2: the instructions page comes first, with Start Exam. */
export function InstructionsView({ exam, starting, error, onStart }: Props) {
  const instructions =
    exam.instructions.length > 0
      ? exam.instructions
      : defaultInstructions(exam.questions.map((q) => (q.type === 'mcq' ? q.negativeMarks : 0)));
  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      {/* The exam screen has no site header (app/exam-layout.tsx): the way back is here. */}
      <Link to="/student/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        Back to Dashboard
      </Link>
      <div className="mt-3 rounded-xl bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-800">{exam.title}</h1>
        {exam.description && <p className="mt-2 text-slate-600">{exam.description}</p>}
        <dl className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Fact icon={<ListChecks className="h-4 w-4" />} label="Questions" value={exam.questions.length} />
          <Fact icon={<Clock className="h-4 w-4" />} label="Duration" value={plural(exam.duration, 'minute')} />
          <Fact icon={<Trophy className="h-4 w-4" />} label="Total marks" value={exam.totalMarks} />
        </dl>
        <h2 className="mt-8 flex items-center gap-2 text-lg font-semibold text-brand-800">
          <BookOpen aria-hidden="true" className="h-5 w-5" /> Instructions
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-700">
          {instructions.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: instructions are a fixed ordered list
            <li key={i}>{line}</li>
          ))}
        </ol>
        {error && (
          <div className="mt-6">
            <FormAlert>{error}</FormAlert>
          </div>
        )}
        <p className="mt-6 text-sm text-slate-600">The timer starts when you press Start Exam and keeps running if you leave the page.</p>
        <button type="button" className={`${buttonClass.primary} mt-4 w-full py-3 text-lg sm:w-auto`} onClick={onStart} disabled={starting}>
          {starting ? 'Starting...' : 'Start Exam'}
        </button>
      </div>
    </section>
  );
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg bg-brand-50 p-3">
      <dt className="flex items-center gap-2 text-xs uppercase tracking-wide text-slate-600">
        <span aria-hidden="true" className="text-brand-700">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
