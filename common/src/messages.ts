// The specification's texts (docs/product.md sections 1, 5 and 8), used exactly as written.
export const MSG = {
  registrationDisabled: 'Registration is not available. Please submit an admission request instead.',
  loginFailed: 'Login failed',
  invalidCredentials: 'Invalid email or password',
  accountInactive: 'Your account has been deactivated. Please contact the institute.',
  forgotSent: 'Password reset link has been sent to your email address. Please check your inbox.',
  forgotError: 'Error sending reset email. Please try again.',
  resetSuccess: 'Password reset successfully! You can now login with your new password.',
  resetError: 'Error resetting password. The link may be expired.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooCommon: 'This password is too common. Please choose a less predictable one.',
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'The current password is not correct',
  newPasswordSameAsCurrent: 'The new password must be different from the current one',
  passwordChanged: 'Your password has been changed. You are still signed in here; every other device has been signed out.',
  changePasswordError: 'Error changing password. Please try again.',
  signInResetHint: 'Many sign-ins to this account have failed. If it is yours, reset your password to sign in from here.',
  createAdminFailed: 'Failed to create admin',
  adminCreated: 'Admin account created successfully',
  emailTaken: 'An account with this email already exists',
  notSignedIn: 'Please sign in to continue',
  sessionEnded: 'Your session has ended. Please sign in again.',
  mailboxAdminsOnly: 'The mailbox holds reset links and passwords: sign in as an admin to read it.',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  tooManyAttempts: 'Too many attempts. Please wait a while and try again.',
  serverError: 'Something went wrong on our side. Please try again.',
  dbUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
} as const;

/** Admission texts the server answers with (docs/product.md sections 5 and 8); the web shows the server's message where it has one. */
export const ADMISSION_MSG = {
  submitted: 'Admission request submitted successfully! You will receive your login credentials by email once your request is approved.',
  duplicatePending:
    'An admission request with this email is already pending. Please wait for it to be reviewed, or check its status on the admission status page.',
  accountExists: 'An account with this email already exists. Please sign in instead of requesting admission again.',
  approveAccountExists:
    'A student account with this email already exists, so no new account was created. Reject or delete this request instead.',
  courseUnavailable: 'The selected course is not available. Please choose another course.',
  notFound: 'Admission request not found',
  noRequestForEmail: 'No admission request found for this email address and phone number.',
  alreadyDecided: (status: string) => `This admission request has already been ${status}.`,
  approved: 'Admission request approved and student account created.',
  rejected: 'Admission request rejected.',
  deleted: 'Admission request deleted.',
  noticeSent:
    'The login credentials have been e-mailed to the student. The temporary password is shown only once: note it now if you need it.',
  noticeFailed:
    'The welcome e-mail could not be sent (it will be retried). Share the credentials with the student manually: the temporary password is shown only once.',
  noAdmissionRecord: 'No admission record found for your account.',
} as const;
