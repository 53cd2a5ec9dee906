// The web's fallback texts for admissions (docs/product.md section 8, 'approving' spelt right).
// The server's own message is shown whenever it sends one.
export const ADMISSION_WEB_MSG = {
  submitError: 'Error submitting admission request',
  statusError: 'Error checking admission status',
  approveError: 'Error approving request',
  rejectError: 'Error rejecting request',
  deleteError: 'Error deleting request',
  loadError: 'Could not load the admission requests.',
  loadOneError: 'Could not load this admission request.',
  emailFailed: 'Email failed - share credentials manually.',
} as const;
