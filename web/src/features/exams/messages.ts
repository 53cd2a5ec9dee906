// docs/product.md section 8, exam management.
export const EXAM_UI = {
  saveError: 'Error saving exam. Please try again.',
  deleteError: 'Error deleting exam. Please try again.',
  statusError: 'Error updating exam status. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this exam?',
} as const;
