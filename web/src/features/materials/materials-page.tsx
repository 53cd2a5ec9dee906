import type { Material } from '@app/common/schemas/materials';
import { Download, ExternalLink, FileText, Pencil, Plus, Trash2, Video } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { AdminPage } from '../../components/admin-page.tsx';
import { Badge } from '../../components/badge.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { buttonClass } from '../../components/field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useConfirmDelete } from '../../components/use-confirm-delete.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useDeleteMaterial, useDownloadMaterial, useMaterials } from './api/materials.ts';
import { LazyDialog, lazyWithPreload } from '../../components/lazy-dialog.tsx';
import { fileSizeText, providerName, publishedText } from './format.ts';

// Loaded on first opening: react-hook-form and the form stay out of the page's initial JavaScript (scripts/bundle-budget.mjs).
const MaterialFormModal = lazyWithPreload(() => import('./components/material-form.tsx').then((m) => m.MaterialFormModal));

const action =
  'inline-flex items-center gap-1 rounded-md border px-2.5 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60';

function Kind({ m }: { m: Material }) {
  return m.kind === 'pdf' ? (
    <span className="inline-flex items-center gap-1 text-sm text-slate-600">
      <FileText aria-hidden="true" className="h-4 w-4" /> PDF, {m.pageCount} page{m.pageCount === 1 ? '' : 's'}, {fileSizeText(m.fileSize)}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-sm text-slate-600">
      <Video aria-hidden="true" className="h-4 w-4" /> {providerName(m.videoProvider)} video
    </span>
  );
}

function Status({ m }: { m: Material }) {
  return m.isPublished ? <Badge tone="green">Published</Badge> : <Badge tone="blue">Scheduled</Badge>;
}

const audienceText = (m: Material) => {
  const names = [...m.audience.courses.map((c) => `${c.name} (course)`), ...m.audience.batches.map((b) => b.name)];
  return names.length > 0 ? names.join(', ') : 'Nobody (its courses and batches were deleted)';
};

/** /admin/materials: the study-material library (docs/product-materials.md). */
export default function MaterialsPage() {
  const list = useMaterials();
  const remove = useDeleteMaterial();
  const download = useDownloadMaterial();
  const [editing, setEditing] = useState<{ material: Material | null } | null>(null);
  const deletion = useConfirmDelete({
    mutation: remove,
    idOf: (m: Material) => m._id,
    title: 'Delete study material?',
    message: (m) => (
      <p>
        <strong>{m.title}</strong> will disappear from the students' lists{m.kind === 'pdf' ? ' and its file will be deleted' : ''}. This
        cannot be undone.
      </p>
    ),
    deleted: 'Material deleted',
    failed: 'Could not delete the material.',
    closeOnError: true,
  });

  const columns: Column<Material>[] = [
    {
      header: 'Title',
      className: 'max-w-xs',
      hideInCard: true,
      cell: (m) => (
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{m.title}</p>
          <Kind m={m} />
        </div>
      ),
    },
    { header: 'Subject', cell: (m) => m.subject },
    { header: 'For', className: 'max-w-xs', cell: audienceText },
    {
      header: 'Students see it from',
      className: 'whitespace-nowrap',
      cell: (m) => (
        <span>
          {publishedText(m)} <span className="sr-only">IST</span>
        </span>
      ),
    },
    { header: 'Downloads', className: 'whitespace-nowrap', cell: (m) => (m.kind === 'pdf' ? String(m.downloads) : 'Video link') },
    { header: 'Status', hideInCard: true, cell: (m) => <Status m={m} /> },
  ];
  const onDownload = (m: Material) =>
    download.mutate(m, { onError: (err) => toast.error(errorMessage(err, 'Could not download the file.')) });

  return (
    <AdminPage
      title="Study Materials"
      actions={
        <button
          type="button"
          className={buttonClass.primary}
          onPointerEnter={MaterialFormModal.preload}
          onFocus={MaterialFormModal.preload}
          onClick={() => setEditing({ material: null })}
        >
          <Plus aria-hidden="true" className="h-5 w-5" /> Add Material
        </button>
      }
    >
      <p className="mb-4 text-sm text-slate-600">
        PDFs (at most 50 MB) and YouTube or Vimeo links for courses or batches. Each student's PDF is stamped with their name, registration
        number and the date on every page; Downloads counts students' downloads (your own copy is stamped with your name and not counted).
      </p>
      <QueryState
        query={list}
        loadingText="Loading study materials..."
        errorText={(e) => errorMessage(e, 'Could not load the study materials.')}
        isEmpty={(rows) => rows.length === 0}
        empty="No study materials yet"
        emptyHint="Add notes as a PDF or a recorded class as a YouTube or Vimeo link."
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(m) => m._id}
            columns={columns}
            caption="Study materials"
            cardTitle={(m) => (
              <div>
                <p className="font-semibold text-slate-900">{m.title}</p>
                <Kind m={m} />
              </div>
            )}
            cardBadge={(m) => <Status m={m} />}
            actions={(m, place) => (
              <div className={place === 'table' ? 'grid w-32 gap-1.5 [&>*]:justify-start' : 'flex flex-wrap gap-2'}>
                {m.kind === 'pdf' ? (
                  <button
                    type="button"
                    className={`${action} border-slate-300 text-slate-700 hover:bg-slate-50`}
                    onClick={() => onDownload(m)}
                    disabled={download.isPending && download.variables?._id === m._id}
                    aria-label={`Download ${m.title}`}
                  >
                    <Download aria-hidden="true" className="h-4 w-4" /> Download
                  </button>
                ) : (
                  <a
                    href={m.videoUrl ?? undefined}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={`${action} border-slate-300 text-slate-700 hover:bg-slate-50`}
                    aria-label={`Open ${m.title} (opens in a new tab)`}
                  >
                    <ExternalLink aria-hidden="true" className="h-4 w-4" /> Open
                  </a>
                )}
                <button
                  type="button"
                  className={`${action} border-brand-100 text-brand-700 hover:bg-brand-50`}
                  onClick={() => setEditing({ material: m })}
                  aria-label={`Edit ${m.title}`}
                >
                  <Pencil aria-hidden="true" className="h-4 w-4" /> Edit
                </button>
                <button
                  type="button"
                  className={`${action} border-red-200 text-red-700 hover:bg-red-50`}
                  onClick={() => deletion.ask(m)}
                  disabled={deletion.busyId === m._id}
                  aria-label={`Delete ${m.title}`}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete
                </button>
              </div>
            )}
          />
        )}
      </QueryState>
      <LazyDialog open={editing !== null}>
        <MaterialFormModal
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
          material={editing?.material ?? null}
        />
      </LazyDialog>
      {deletion.dialog}
    </AdminPage>
  );
}
