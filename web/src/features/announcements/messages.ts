// Announcement Management texts (docs/product.md sections 2 and 8), used exactly as written.
export const ANNOUNCEMENT_MSG = {
  empty: 'No announcements found. Create your first announcement!',
  loadError: 'Could not load announcements.',
  saveError: 'Error saving announcement',
  deleteError: 'Error deleting announcement',
  permanentDeleteError: 'Error permanently deleting announcement',
  restoreError: 'Error restoring announcement',
  created: 'Announcement created successfully',
  updated: 'Announcement updated successfully',
  deactivated: 'Announcement deactivated',
  restored: 'Announcement restored',
  deleted: 'Announcement deleted permanently',
} as const;
