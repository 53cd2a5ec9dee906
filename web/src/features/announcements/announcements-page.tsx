import type { Announcement } from '@app/common/schemas/announcements';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { buttonClass } from '../../components/field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useConfirmDelete } from '../../components/use-confirm-delete.tsx';
import { useDeleteAnnouncement } from './api/delete-announcement.ts';
import { useAdminAnnouncements } from './api/get-admin-announcements.ts';
import { useSetAnnouncementActive } from './api/set-announcement-active.ts';
import { LazyDialog, lazyWithPreload } from '../../components/lazy-dialog.tsx';
import { AnnouncementTable } from './components/announcement-table.tsx';
import { ANNOUNCEMENT_MSG } from './messages.ts';

// Loaded on first opening: react-hook-form and the form stay out of the page's initial JavaScript (scripts/bundle-budget.mjs).
const AnnouncementFormModal = lazyWithPreload(() => import('./components/announcement-form.tsx').then((m) => m.AnnouncementFormModal));

/** /admin/announcements: docs/product.md section 2 "Announcement Management". */
export default function AnnouncementsPage() {
  const announcements = useAdminAnnouncements();
  const setActive = useSetAnnouncementActive();
  const remove = useDeleteAnnouncement();
  const [editing, setEditing] = useState<{ announcement: Announcement | null } | null>(null);
  const deletion = useConfirmDelete({
    mutation: remove,
    idOf: (a: Announcement) => a._id,
    title: 'Delete announcement permanently?',
    message: (a) => (
      <p>
        <strong>{a.title}</strong> will be removed for good. This cannot be undone. To hide it from the website but keep it, use Deactivate
        instead.
      </p>
    ),
    confirmLabel: 'Delete permanently',
    deleted: ANNOUNCEMENT_MSG.deleted,
    failed: ANNOUNCEMENT_MSG.permanentDeleteError,
    closeOnError: false,
  });

  const onToggleActive = (a: Announcement) =>
    setActive.mutate(
      { id: a._id, isActive: !a.isActive },
      {
        onSuccess: () => toast.success(a.isActive ? ANNOUNCEMENT_MSG.deactivated : ANNOUNCEMENT_MSG.restored),
        onError: (err) => toast.error(errorMessage(err, a.isActive ? ANNOUNCEMENT_MSG.deleteError : ANNOUNCEMENT_MSG.restoreError)),
      },
    );

  const busyId = setActive.isPending ? (setActive.variables?.id ?? null) : deletion.busyId;

  return (
    <AdminPage
      title="Announcement Management"
      actions={
        <button
          type="button"
          className={buttonClass.primary}
          onPointerEnter={AnnouncementFormModal.preload}
          onFocus={AnnouncementFormModal.preload}
          onClick={() => setEditing({ announcement: null })}
        >
          <Plus aria-hidden="true" className="h-5 w-5" /> Add Announcement
        </button>
      }
    >
      <QueryState
        query={announcements}
        loadingText="Loading announcements..."
        errorText={(e) => errorMessage(e, ANNOUNCEMENT_MSG.loadError)}
        isEmpty={(d) => d.length === 0}
        empty={ANNOUNCEMENT_MSG.empty}
      >
        {(list) => (
          <AnnouncementTable
            announcements={list}
            busyId={busyId}
            onEdit={(announcement) => setEditing({ announcement })}
            onToggleActive={onToggleActive}
            onDelete={deletion.ask}
          />
        )}
      </QueryState>

      <LazyDialog open={editing !== null}>
        <AnnouncementFormModal
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
          announcement={editing?.announcement ?? null}
        />
      </LazyDialog>

      {deletion.dialog}
    </AdminPage>
  );
}
