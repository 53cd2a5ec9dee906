// The student-management texts of docs/product.md sections 5 and 8, exactly as written there.
export const STUDENT_WEB_MSG = {
  statusError: 'Error updating student status. Please try again.',
  resetSuccess: (email: string) => `Password reset email sent to ${email}`,
  resetError: 'Error resetting password. Please try again.',
  deleteCancelled: 'Deletion cancelled. You must type "DELETE" exactly to confirm.',
  deleteSuccess: (name: string) => `${name} has been successfully deleted from the system.`,
  deleteFailed: (serverMessage: string) => `Failed to delete student: ${serverMessage}`,
  deleteError: 'Error deleting student. Please try again.',
  detailError: 'Failed to load student details',
  notFound: 'Student Not Found',
  listError: 'Could not load the students.',
  exportError: 'Could not export the students. Please try again.',
} as const;

export const DELETE_WORD = 'DELETE';
