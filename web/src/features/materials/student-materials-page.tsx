import type { StudentMaterial } from '@app/common/schemas/materials';
import { ArrowLeft, Download, ExternalLink, FileText, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '../../components/badge.tsx';
import { buttonClass } from '../../components/field.tsx';
import { FilterSelect, SearchFilter } from '../../components/filter-select.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { QueryState } from '../../components/query-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useDownloadMaterial, useStudentMaterials } from './api/materials.ts';
import { fileSizeText, providerName, publishedText } from './format.ts';

function MaterialCard({ m, onDownload, busy }: { m: StudentMaterial; onDownload: () => void; busy: boolean }) {
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-xl bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-lg font-semibold text-slate-900">{m.title}</h2>
        <Badge tone="blue">{m.subject}</Badge>
      </div>
      <p className="inline-flex items-center gap-1 text-sm text-slate-600">
        {m.kind === 'pdf' ? (
          <>
            <FileText aria-hidden="true" className="h-4 w-4" /> PDF, {m.pageCount} page{m.pageCount === 1 ? '' : 's'},{' '}
            {fileSizeText(m.fileSize)}
          </>
        ) : (
          <>
            <Video aria-hidden="true" className="h-4 w-4" /> {providerName(m.videoProvider)} video
          </>
        )}
        <span aria-hidden="true">·</span> {publishedText(m)}
      </p>
      {m.description && <p className="whitespace-pre-line break-words text-sm text-slate-700">{m.description}</p>}
      <div className="mt-1">
        {m.kind === 'pdf' ? (
          <button type="button" className={buttonClass.primary} onClick={onDownload} disabled={busy}>
            <Download aria-hidden="true" className="h-4 w-4" /> {busy ? 'Preparing your copy...' : 'Download PDF'}
          </button>
        ) : (
          <a href={m.videoUrl ?? undefined} target="_blank" rel="noopener noreferrer" className={buttonClass.primary}>
            <ExternalLink aria-hidden="true" className="h-4 w-4" /> Open video<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </li>
  );
}

/** /student/materials: the notes and recorded classes for the student's course or batch, newest first (docs/product-materials.md). */
export default function StudentMaterialsPage() {
  usePageTitle('Study materials');
  const [subject, setSubject] = useState('');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const all = useStudentMaterials();
  const list = useStudentMaterials({ subject, q });
  const download = useDownloadMaterial();
  const subjects = [...new Set((all.data ?? []).map((m) => m.subject))].sort((a, b) => a.localeCompare(b));
  const filtered = subject !== '' || q !== '';

  return (
    <section className="mx-auto max-w-4xl px-4 py-6">
      <Link to="/student/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to dashboard
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-800">Study materials</h1>
      <p className="mt-1 text-sm text-slate-600">
        Notes and recorded classes for your course and batch, newest first. Your PDF copy carries your name and registration number on every
        page.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Subject"
          value={subject}
          onChange={setSubject}
          options={[{ value: '', label: 'All subjects' }, ...subjects.map((s) => ({ value: s, label: s }))]}
        />
        <SearchFilter
          value={typed}
          onChange={setTyped}
          placeholder="Title, subject or description"
          maxLength={200}
          className="min-w-[12rem] flex-[2]"
        />
      </div>
      <div className="mt-6">
        <QueryState
          query={list}
          loadingText="Loading study materials..."
          errorText={(e) => errorMessage(e, 'Could not load your study materials.')}
          isEmpty={(rows) => rows.length === 0}
          empty={filtered ? 'Nothing matches' : 'No study materials yet'}
          emptyHint={filtered ? 'Try another subject or search.' : 'Your teachers will add notes and recorded classes here.'}
        >
          {(rows) => (
            <ul className="flex flex-col gap-3" aria-label="Study materials">
              {rows.map((m) => (
                <MaterialCard
                  key={m._id}
                  m={m}
                  busy={download.isPending && download.variables?._id === m._id}
                  onDownload={() =>
                    download.mutate(m, { onError: (err) => toast.error(errorMessage(err, 'Could not download the file.')) })
                  }
                />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  );
}
