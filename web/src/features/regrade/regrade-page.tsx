import type { ExamAdmin } from '@app/common/schemas/exam-views';
import type { ObjectionGroup, RegradeBody, RegradeDecision, RegradeResult } from '@app/common/schemas/regrade';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { buttonClass, FormAlert } from '../../components/field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useItemAnalysis } from '../../api/item-analysis.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { useDecisions, useObjectionGroups, useRegrade, useRegradeExam } from './api/regrade.ts';
import { DecisionRow, type DraftDecision, draftOf, draftProblem } from './components/decision-editor.tsx';
import { ObjectionsPanel } from './components/objections-panel.tsx';
import { WindowPanel } from './components/window-panel.tsx';

// The preview and its table come after the first Preview click: fetched then, not with the page.
const Preview = lazy(() => import('./components/regrade-preview.tsx').then((m) => ({ default: m.RegradePreview })));

/**
 * /admin/exams/:id/regrade: the objection window, the objections by question, a decision per
 * question, then Preview (students affected, largest change, new top 10) and Apply with confirmation
 * (docs/product-regrade.md).
 */
export default function RegradePage() {
  const { id = '' } = useParams();
  const exam = useRegradeExam(id);
  const groups = useObjectionGroups(id);
  const decisions = useDecisions(id);
  return (
    <AdminPage
      title={exam.data ? `Objections and regrade: ${exam.data.title}` : 'Objections and regrade'}
      back="/admin/exams"
      backLabel="Back to exams"
    >
      <QueryState query={exam} loadingText="Loading the exam..." errorText={(e) => errorMessage(e, 'Failed to load the exam')}>
        {(e) => (
          <div className="grid gap-6">
            <WindowPanel key={`${e.objectionWindow?.opensAt}-${e.objectionWindow?.closesAt}`} examId={id} window={e.objectionWindow} />
            <QueryState
              query={groups}
              loadingText="Loading the objections..."
              errorText={(err) => errorMessage(err, 'Failed to load the objections')}
            >
              {(g) => <ObjectionsPanel groups={g} questions={e.questions} />}
            </QueryState>
            <QueryState
              query={decisions}
              loadingText="Loading the key decisions..."
              errorText={(err) => errorMessage(err, 'Failed to load the key decisions')}
            >
              {(d) => (
                <Decisions
                  key={d.map((x) => `${x.questionId}:${x.action}:${x.decidedAt}`).join('|')}
                  exam={e}
                  saved={d}
                  groups={groups.data ?? []}
                />
              )}
            </QueryState>
          </div>
        )}
      </QueryState>
    </AdminPage>
  );
}

function Decisions({ exam, saved, groups }: { exam: ExamAdmin; saved: RegradeDecision[]; groups: ObjectionGroup[] }) {
  const savedOf = useMemo(() => new Map(saved.map((d) => [d.questionId, d])), [saved]);
  const countOf = new Map(groups.map((g) => [g.questionId, g.count]));
  const mcqs = exam.questions.map((q, i) => ({ q, n: i + 1 })).filter(({ q }) => q.type === 'mcq');
  const [drafts, setDrafts] = useState<Record<string, DraftDecision>>(() =>
    Object.fromEntries(mcqs.map(({ q }) => [q._id, draftOf(savedOf.get(q._id))])),
  );
  const [onlyFlagged, setOnlyFlagged] = useState(groups.length > 0);
  const [preview, setPreview] = useState<RegradeResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const regrade = useRegrade(exam._id);
  const items = useItemAnalysis(exam._id);
  const statsOf = new Map((items.data?.questions ?? []).map((q) => [q._id, q]));

  const flagged = ({ q }: { q: { _id: string } }) =>
    (countOf.get(q._id) ?? 0) > 0 || (savedOf.get(q._id)?.action ?? 'keep') !== 'keep' || drafts[q._id]?.action !== 'keep';
  const shown = onlyFlagged ? mcqs.filter(flagged) : mcqs;
  const problems = mcqs.filter(({ q }) => draftProblem(drafts[q._id]) !== null).length;
  const body = (dryRun: boolean): RegradeBody => ({
    dryRun,
    decisions: mcqs.map(({ q }) => {
      const d = drafts[q._id];
      return {
        questionId: q._id,
        action: d.action,
        ...(d.action === 'changeKey' ? { correctAnswer: d.correctAnswer } : {}),
        ...(d.action === 'acceptAny' ? { acceptedAnswers: d.acceptedAnswers } : {}),
        ...(d.action === 'drop' ? { dropMode: d.dropMode } : {}),
      };
    }),
  });
  const change = (questionId: string, d: DraftDecision) => {
    setDrafts((all) => ({ ...all, [questionId]: d }));
    setPreview(null);
  };
  // mutateAsync: applying refreshes the decisions, which remounts this editor; the toast must not depend on it.
  const run = async (dryRun: boolean) => {
    setFailure(null);
    try {
      const result = await regrade.mutateAsync(body(dryRun));
      if (dryRun) {
        setPreview(result);
        return;
      }
      setConfirming(false);
      setPreview(null);
      toast.success(
        `Regrade applied: ${result.affected.toLocaleString('en-IN')} students' marks changed, ${result.emailed.toLocaleString('en-IN')} e-mailed`,
      );
    } catch (e) {
      setConfirming(false);
      setFailure(errorMessage(e, 'Failed to regrade'));
    }
  };

  return (
    <section className="grid gap-4" aria-labelledby="decisions-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="decisions-heading" className="text-lg font-semibold text-brand-800">
          Key decisions
        </h2>
        <label className="inline-flex items-center gap-2 text-sm">
          <input type="checkbox" checked={onlyFlagged} onChange={(e) => setOnlyFlagged(e.target.checked)} />
          Only questions with objections or decisions
        </label>
      </div>
      <p className="text-sm text-slate-600">
        Marks are always worked out again from the students' original answers under every decision shown here, so applying the same
        decisions twice changes nothing. A wrong answer loses the question's negative marks under a new key as under the old. Only
        multiple-choice questions can be regraded; written answers keep the marks an examiner gave.
      </p>
      {mcqs.length === 0 && <p className="rounded-xl bg-white p-4 text-slate-600 shadow-sm">This exam has no multiple-choice questions.</p>}
      {onlyFlagged && shown.length === 0 && mcqs.length > 0 && (
        <p className="rounded-xl bg-white p-4 text-slate-600 shadow-sm">
          No question has objections or decisions. Untick the box to see them all.
        </p>
      )}
      {shown.map(({ q, n }) => (
        <DecisionRow
          key={q._id}
          number={n}
          question={q}
          objections={countOf.get(q._id) ?? 0}
          draft={drafts[q._id]}
          saved={savedOf.get(q._id)}
          stats={statsOf.get(q._id)}
          onChange={(d) => change(q._id, d)}
        />
      ))}
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={regrade.isPending || problems > 0 || mcqs.length === 0}
          onClick={() => void run(true)}
        >
          {regrade.isPending && !confirming ? 'Working out...' : 'Preview'}
        </button>
        <button type="button" className={buttonClass.primary} disabled={!preview || regrade.isPending} onClick={() => setConfirming(true)}>
          Apply
        </button>
        {problems > 0 && <p className="self-center text-sm text-red-700">Complete the decisions marked in red first.</p>}
        {!preview && problems === 0 && <p className="self-center text-sm text-slate-600">Preview the decisions before applying them.</p>}
      </div>
      {preview && (
        <Suspense fallback={<p className="text-sm text-slate-600">Loading the preview...</p>}>
          <Preview result={preview} />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Apply the regrade?"
        tone="primary"
        message={
          <>
            The marks of {preview?.affected.toLocaleString('en-IN')} of {preview?.candidates.toLocaleString('en-IN')} students change; every
            rank and percentile is worked out again, each change is recorded in the audit trail and each of those students is e-mailed.
          </>
        }
        confirmLabel="Apply regrade"
        busyLabel="Applying..."
        busy={regrade.isPending}
        onConfirm={() => void run(false)}
      />
    </section>
  );
}
