import { percentageOf } from '@app/common/rules/grades';
import { formatDate } from '@app/common/rules/dates';
import type { Analysis } from '@app/common/schemas/analysis';
import { Award, Crosshair, Percent as PercentIcon, Trophy } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { StatTile } from '../../components/admin-page.tsx';
import { buttonClass } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { QueryState } from '../../components/query-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAnalysis } from './api/analysis.ts';
import { GroupedBarChart, LineChart } from './components/charts.tsx';
import { marks } from './components/format.ts';
import { QuestionGrid } from './components/question-grid.tsx';
import { SectionTable } from './components/section-table.tsx';

/** /student/results/:id/analysis: where a published mock leaves the student (docs/product-results.md). */
export default function AnalysisPage() {
  const { id = '' } = useParams();
  usePageTitle('Mock Analysis');
  const analysis = useAnalysis(id);
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <Link to="/student/results" className="text-sm font-medium text-brand-700 hover:underline">
        Back to My Results
      </Link>
      <div className="mt-4 grid gap-6">
        <QueryState
          query={analysis}
          loadingText="Loading the analysis..."
          errorText={(e) => errorMessage(e, 'Failed to load the analysis')}
        >
          {(a) => <AnalysisView a={a} id={id} />}
        </QueryState>
      </div>
    </section>
  );
}

function AnalysisView({ a, id }: { a: Analysis; id: string }) {
  const tile = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4';
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">{a.title}: analysis</h1>
        <Link to={`/student/results/${id}/review`} className={buttonClass.primary}>
          Review solutions
        </Link>
      </div>
      <div className={tile}>
        <StatTile label="Score" value={`${marks(a.score)} / ${a.totalMarks}`} icon={<Award aria-hidden="true" className="h-5 w-5" />} />
        <StatTile
          label="Rank"
          value={a.rank === null ? '—' : `${a.rank} / ${a.candidates}`}
          tone="amber"
          icon={<Trophy aria-hidden="true" className="h-5 w-5" />}
        />
        <StatTile
          label="Percentile"
          value={a.percentile === null ? '—' : a.percentile.toFixed(2)}
          tone="green"
          icon={<PercentIcon aria-hidden="true" className="h-5 w-5" />}
        />
        <StatTile
          label="Accuracy"
          value={`${a.accuracy.toFixed(2)}%`}
          tone="slate"
          icon={<Crosshair aria-hidden="true" className="h-5 w-5" />}
        />
      </div>
      <p className="text-sm text-slate-600">
        Average of all candidates {marks(a.comparison.average)}, topper {marks(a.comparison.topper)}, top 10 % average{' '}
        {marks(a.comparison.top10Average)}.
      </p>
      {a.sections.length > 0 && (
        <div className="grid gap-4 rounded-xl bg-white p-4 shadow-sm">
          <h2 className="text-lg font-semibold text-brand-800">Sections</h2>
          <SectionTable sections={a.sections} />
          <GroupedBarChart
            title="Section scores: you, the average and the topper"
            series={['You', 'Average', 'Topper']}
            groups={a.sections.map((s) => ({ label: s.title, values: [s.score, s.average, s.topper] }))}
          />
        </div>
      )}
      <div className="grid gap-4 rounded-xl bg-white p-4 shadow-sm">
        <h2 className="text-lg font-semibold text-brand-800">Question by question</h2>
        <QuestionGrid questions={a.questions} sections={a.sections} />
      </div>
      {a.trend.length > 0 && (
        <div className="grid gap-4 rounded-xl bg-white p-4 shadow-sm">
          <h2 className="text-lg font-semibold text-brand-800">Your last {a.trend.length} ranked mocks</h2>
          <LineChart
            title="Score (%) and percentile across mocks"
            series={['Score %', 'Percentile']}
            points={a.trend.map((t) => ({
              label: t.title,
              values: [percentageOf(t.score, t.totalMarks), t.percentile],
            }))}
          />
          <ol className="grid gap-1 text-sm text-slate-700">
            {a.trend.map((t, i) => (
              <li key={t.examId}>
                {i + 1}. {t.title} ({formatDate(t.submittedAt)}): {marks(t.score)} / {t.totalMarks}
                {t.percentile !== null && `, percentile ${t.percentile.toFixed(2)}`}
              </li>
            ))}
          </ol>
        </div>
      )}
    </>
  );
}
