import type { StudentResult, SubmitResponse } from '@app/common/schemas/submissions';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client.ts';
import { buttonClass } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { QueryState } from '../../components/query-state.tsx';
import { EmptyState } from '../../components/states.tsx';
import { useStudentResults } from '../../api/student-results.ts';
import { CompletionView } from './components/completion-view.tsx';
import { ResultDetailsDialog } from './components/result-details-dialog.tsx';
import { ResultsTable } from './components/results-table.tsx';
import { SummaryCards } from './components/summary-cards.tsx';

/** /student/results: the completion page when a submission is passed along, otherwise the list (docs/product.md section 2). */
export default function ResultsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as { submitted?: SubmitResponse; auto?: boolean } | null;
  if (state?.submitted) {
    return (
      <CompletionView
        submitted={state.submitted}
        timeRanOut={Boolean(state.auto)}
        onViewAll={() => navigate('/student/results', { replace: true, state: null })}
      />
    );
  }
  return <ResultsList />;
}

function ResultsList() {
  usePageTitle('My Results');
  const results = useStudentResults();
  const [details, setDetails] = useState<StudentResult | null>(null);
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-800">My Results</h1>
        <div className="flex flex-wrap gap-4">
          <Link to="/student/revision" className="text-sm font-medium text-brand-700 hover:underline">
            My revision
          </Link>
          <Link to="/student/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
            Back to Dashboard
          </Link>
        </div>
      </div>
      <div className="mt-6 grid gap-6">
        <QueryState
          query={results}
          loadingText="Loading results..."
          errorText={(e) => errorMessage(e, 'Failed to load your results')}
          isEmpty={(d) => d.length === 0}
          empty={
            <EmptyState title="No results yet" hint="Your results will appear here after you take an exam.">
              <Link to="/student/dashboard" className={`${buttonClass.primary} mt-2`}>
                Take an Exam
              </Link>
            </EmptyState>
          }
        >
          {(list) => (
            <>
              <SummaryCards results={list} />
              <ResultsTable results={list} onDetails={setDetails} />
            </>
          )}
        </QueryState>
      </div>
      <ResultDetailsDialog result={details} onClose={() => setDetails(null)} />
    </section>
  );
}
