import type { Announcement } from '@app/common/schemas/announcements';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { buttonClass } from '../../components/field.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useDeleteAnnouncement } from './api/delete-announcement.ts';
import { useAdminAnnouncements } from './api/get-admin-announcements.ts';
import { useSetAnnouncementActive } from './api/set-announcement-active.ts';
import { AnnouncementFormModal } from './components/announcement-form.tsx';
import { AnnouncementTable } from './components/announcement-table.tsx';
import { ANNOUNCEMENT_MSG } from './messages.ts';

/** /admin/announcements: docs/product.md section 2 "Announcement Management". */
export default function AnnouncementsPage() {
  const announcements = useAdminAnnouncements();
  const setActive = useSetAnnouncementActive();
  const remove = useDeleteAnnouncement();
  const [editing, setEditing] = useState<{ announcement: Announcement | null } | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);

  const onToggleActive = (a: Announcement) =>
    setActive.mutate(
      { id: a._id, isActive: !a.isActive },
      {
        onSuccess: () => toast.success(a.isActive ? ANNOUNCEMENT_MSG.deactivated : ANNOUNCEMENT_MSG.restored),
        onError: (err) => toast.error(errorMessage(err, a.isActive ? ANNOUNCEMENT_MSG.deleteError : ANNOUNCEMENT_MSG.restoreError)),
      },
    );

  const onConfirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        toast.success(ANNOUNCEMENT_MSG.deleted);
        setDeleting(null);
      },
      onError: (err) => toast.error(errorMessage(err, ANNOUNCEMENT_MSG.permanentDeleteError)),
    });
  };

  const busyId = setActive.isPending ? (setActive.variables?.id ?? null) : remove.isPending ? (remove.variables ?? null) : null;

  return (
    <AdminPage
      title="Announcement Management"
      actions={
        <button type="button" className={buttonClass.primary} onClick={() => setEditing({ announcement: null })}>
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
            onDelete={setDeleting}
          />
        )}
      </QueryState>

      <AnnouncementFormModal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        announcement={editing?.announcement ?? null}
      />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete announcement permanently?"
        message={
          <p>
            <strong>{deleting?.title}</strong> will be removed for good. This cannot be undone. To hide it from the website but keep it, use
            Deactivate instead.
          </p>
        }
        confirmLabel="Delete permanently"
        busyLabel="Deleting..."
        busy={remove.isPending}
        onConfirm={onConfirmDelete}
      />
    </AdminPage>
  );
}
