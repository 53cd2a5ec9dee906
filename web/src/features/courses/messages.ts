// Course Management texts (docs/product.md sections 2 and 8), used exactly as written.
export const COURSE_MSG = {
  empty: 'No courses found. Create your first course!',
  loadError: 'Could not load courses.',
  saveError: 'Error saving course',
  deleteError: 'Error deleting course',
  permanentDeleteError: 'Error permanently deleting course',
  restoreError: 'Error restoring course',
  created: 'Course created successfully',
  updated: 'Course updated successfully',
  deactivated: 'Course deactivated',
  restored: 'Course restored',
  deleted: 'Course deleted permanently',
} as const;
