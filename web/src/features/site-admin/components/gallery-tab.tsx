import { zodResolver } from '@hookform/resolvers/zod';
import { type GalleryImage, galleryUploadFields } from '@app/common/schemas/site';
import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client.ts';
import { Badge } from '../../../components/badge.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { buttonClass, Field } from '../../../components/field.tsx';
import { SelectField } from '../../../components/form-controls.tsx';
import { Modal } from '../../../components/modal.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useConfirmDelete } from '../../../components/use-confirm-delete.tsx';
import { useDeleteGalleryImage, useGalleryAll, useUpdateGalleryImage } from '../api/site.ts';
import { SITE_ADMIN_MSG } from '../messages.ts';
import { categoryOptions, GalleryUpload } from './gallery-upload.tsx';
import { ItemActions } from './item-actions.tsx';
import { setServerErrors } from './set-server-errors.ts';

/** The gallery in its order, hidden images too: upload, reorder, hide or show, edit, delete. */
export function GalleryTab() {
  const gallery = useGalleryAll();
  const update = useUpdateGalleryImage();
  const remove = useDeleteGalleryImage();
  const [editing, setEditing] = useState<GalleryImage | null>(null);
  const deletion = useConfirmDelete({
    mutation: remove,
    idOf: (g: GalleryImage) => g._id,
    title: 'Delete this image?',
    message: (g) => (
      <p>
        <strong>{g.caption}</strong> and its resized copies will be removed for good. To keep it off the site but keep the file, hide it
        instead.
      </p>
    ),
    deleted: SITE_ADMIN_MSG.imageDeleted,
    failed: SITE_ADMIN_MSG.deleteError,
    closeOnError: false,
  });
  const patch = (g: GalleryImage, body: Parameters<typeof update.mutate>[0]['body']) =>
    update.mutate({ id: g._id, body }, { onError: (err) => toast.error(errorMessage(err, SITE_ADMIN_MSG.saveError)) });
  const busy = update.isPending || remove.isPending;
  const thumb = (g: GalleryImage) => (
    <img src={g.variants[0]?.url ?? g.url} alt="" width={96} height={64} className="h-16 w-24 rounded-md object-cover" />
  );

  return (
    <div className="flex flex-col gap-4">
      <GalleryUpload />
      <QueryState
        query={gallery}
        loadingText="Loading the gallery..."
        errorText={(e) => errorMessage(e, SITE_ADMIN_MSG.loadError)}
        isEmpty={(d) => d.length === 0}
        empty={SITE_ADMIN_MSG.noImages}
      >
        {(list) => (
          <DataTable
            rows={list}
            rowKey={(g) => g._id}
            caption="Gallery images"
            cardTitle={(g) => (
              <span className="flex items-center gap-3">
                {thumb(g)}
                <span className="font-semibold text-brand-900">{g.caption}</span>
              </span>
            )}
            cardBadge={(g) => (g.hidden ? <Badge tone="slate">Hidden</Badge> : null)}
            columns={[
              { header: 'Image', hideInCard: true, cell: thumb },
              {
                header: 'Caption',
                rowHeader: true,
                hideInCard: true,
                cell: (g) => <span className="font-semibold text-brand-900">{g.caption}</span>,
              },
              { header: 'Category', cell: (g) => g.category },
              { header: 'Shown', cell: (g) => (g.hidden ? 'Hidden' : 'On the site') },
            ]}
            actions={(g) => (
              <div className="flex flex-wrap items-center gap-2">
                <ItemActions
                  name={g.caption}
                  index={list.indexOf(g)}
                  count={list.length}
                  busy={busy}
                  onMove={(to) => patch(g, { position: to })}
                  onEdit={() => setEditing(g)}
                  onDelete={() => deletion.ask(g)}
                />
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`${g.hidden ? 'Show' : 'Hide'} ${g.caption}`}
                  className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
                  onClick={() => patch(g, { hidden: !g.hidden })}
                >
                  {g.hidden ? <Eye aria-hidden="true" className="h-4 w-4" /> : <EyeOff aria-hidden="true" className="h-4 w-4" />}
                  {g.hidden ? 'Show' : 'Hide'}
                </button>
              </div>
            )}
          />
        )}
      </QueryState>
      <GalleryEditModal image={editing} onClose={() => setEditing(null)} />
      {deletion.dialog}
    </div>
  );
}

type Values = z.input<typeof galleryUploadFields>;

function GalleryEditModal({ image, onClose }: { image: GalleryImage | null; onClose: () => void }) {
  const form = useForm<Values, unknown, z.output<typeof galleryUploadFields>>({ resolver: zodResolver(galleryUploadFields) });
  const { register, handleSubmit, reset, setError, formState } = form;
  const update = useUpdateGalleryImage();
  useEffect(() => {
    if (image) reset({ caption: image.caption, category: image.category });
  }, [image, reset]);
  const onSubmit = handleSubmit((body) => {
    if (!image) return;
    update.mutate(
      { id: image._id, body },
      {
        onSuccess: () => {
          toast.success(SITE_ADMIN_MSG.imageSaved);
          onClose();
        },
        onError: (err) => setServerErrors(err, setError),
      },
    );
  });
  return (
    <Modal
      open={image !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Edit gallery image"
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="gallery-edit-form" className={buttonClass.primary} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </button>
        </>
      }
    >
      <form id="gallery-edit-form" onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field label="Caption" autoComplete="off" error={formState.errors.caption?.message} {...register('caption')} />
        <SelectField label="Category" options={categoryOptions} error={formState.errors.category?.message} {...register('category')} />
      </form>
    </Modal>
  );
}
