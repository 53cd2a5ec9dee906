import type { ItemAnalysis, MeritList } from '@app/common/schemas/analysis';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { AdminPage } from '../../components/admin-page.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { buttonClass } from '../../components/field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { downloadFile, errorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { useItemAnalysis, useMeritList } from './api/analysis.ts';
import { marks } from './components/format.ts';

/** /admin/exams/:id/results: the merit list (centre filter, CSV and PDF) and the item analysis. */
export default function MeritListPage() {
  const { id = '' } = useParams();
  const [centre, setCentre] = useState('');
  const [tab, setTab] = useState<'merit' | 'items'>('merit');
  const list = useMeritList(id, centre);
  const items = useItemAnalysis(id);
  const download = (format: 'csv' | 'pdf') =>
    downloadFile(`/api/exams/${id}/merit-list?format=${format}${centre ? `&centre=${encodeURIComponent(centre)}` : ''}`, {
      fallbackName: `merit-list.${format}`,
      failure: 'Failed to download the merit list',
    }).catch((e) => toast.error(errorMessage(e, 'Failed to download the merit list')));
  return (
    <AdminPage
      title={list.data ? `Merit list: ${list.data.exam.title}` : 'Merit list'}
      back="/admin/exams"
      backLabel="Back to exams"
      actions={
        <>
          <button type="button" className={buttonClass.secondary} onClick={() => download('csv')}>
            <Download aria-hidden="true" className="h-4 w-4" /> Download CSV
          </button>
          <button type="button" className={buttonClass.secondary} onClick={() => download('pdf')}>
            <Download aria-hidden="true" className="h-4 w-4" /> Download PDF
          </button>
        </>
      }
    >
      <div className="mb-4 flex flex-wrap gap-2" role="tablist">
        {(
          [
            ['merit', 'Merit list'],
            ['items', 'Item analysis'],
          ] as const
        ).map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            onClick={() => setTab(key)}
            className={`rounded-full border px-3 py-1.5 text-sm font-medium ${tab === key ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700'}`}
          >
            {label}
          </button>
        ))}
      </div>
      {tab === 'merit' ? (
        <QueryState
          query={list}
          loadingText="Loading the merit list..."
          errorText={(e) => errorMessage(e, 'Failed to load the merit list')}
        >
          {(m) => <Merit list={m} centre={centre} onCentre={setCentre} />}
        </QueryState>
      ) : (
        <QueryState
          query={items}
          loadingText="Loading the item analysis..."
          errorText={(e) => errorMessage(e, 'Failed to load the item analysis')}
        >
          {(a) => <Items analysis={a} />}
        </QueryState>
      )}
    </AdminPage>
  );
}

function Merit({ list, centre, onCentre }: { list: MeritList; centre: string; onCentre: (c: string) => void }) {
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <label className="grid gap-1 text-sm font-medium text-slate-700">
          Centre
          <select value={centre} onChange={(e) => onCentre(e.target.value)} className="rounded-md border border-slate-300 px-2 py-1.5">
            <option value="">All centres</option>
            {list.centres.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <p className="text-sm text-slate-600">
          {list.rows.length} of {list.candidates} candidates, out of {list.exam.totalMarks} marks
          {!list.exam.resultsPublished && ' (results not published yet)'}
        </p>
      </div>
      <DataTable
        rows={list.rows}
        rowKey={(r) => `${r.rank}-${r.registrationNumber ?? r.name}`}
        caption="Merit list"
        cardTitle={(r) => `${r.rank}. ${r.name}`}
        columns={[
          { header: 'Rank', cell: (r) => r.rank, hideInCard: true },
          { header: 'Name', cell: (r) => r.name, hideInCard: true, className: 'font-semibold' },
          { header: 'Registration no.', cell: (r) => r.registrationNumber ?? '—' },
          { header: 'Centre', cell: (r) => r.centre ?? '—' },
          { header: 'Marks', cell: (r) => marks(r.marksObtained) },
          { header: 'Percentile', cell: (r) => r.percentile.toFixed(2) },
          ...(list.rows[0]?.sections ?? []).map((s, i) => ({
            header: s.title,
            cell: (r: MeritList['rows'][number]) => marks(r.sections[i]?.score ?? 0),
          })),
        ]}
      />
    </div>
  );
}

function Items({ analysis }: { analysis: ItemAnalysis }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600">
        {analysis.candidates} candidates. Discrimination: share correct among the top 27 % minus among the bottom 27 % (from −1 to 1). A
        flag marks a question most strong candidates answered with another option: check its key.
      </p>
      <DataTable
        rows={analysis.questions}
        rowKey={(q) => q._id}
        caption="Item analysis"
        cardTitle={(q) => `Question ${q.number}`}
        cardBadge={(q) =>
          q.likelyKeyError ? <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">Check key</span> : null
        }
        rowClassName={(q) => (q.likelyKeyError ? 'bg-red-50' : '')}
        columns={[
          { header: 'Question', cell: (q) => q.number, hideInCard: true },
          { header: 'Text', cell: (q) => <span className="line-clamp-2">{q.question}</span>, className: 'max-w-xs' },
          { header: 'Key', cell: (q) => (q.correctAnswer === null ? '—' : String.fromCharCode(65 + q.correctAnswer)) },
          { header: 'Correct', cell: (q) => `${q.percentCorrect.toFixed(2)}%` },
          {
            header: 'Options chosen',
            cell: (q) => (q.optionCounts.length ? q.optionCounts.map((c, i) => `${String.fromCharCode(65 + i)}: ${c}`).join(', ') : '—'),
          },
          { header: 'Left', cell: (q) => q.unattempted },
          { header: 'Discrimination', cell: (q) => q.discrimination.toFixed(2) },
          { header: 'Flag', cell: (q) => (q.likelyKeyError ? 'Likely key error' : ''), hideInCard: true },
        ]}
      />
    </div>
  );
}
