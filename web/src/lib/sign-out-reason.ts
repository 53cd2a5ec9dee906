import { SIGN_OUT_REASONS } from '@app/common/constants';

// Why the server ended a session, carried across the redirect to /login (which reloads the page) in
// session storage, and shown once there (docs/product.md section 4). The words are the sign-in page's
// (sign-out-message.ts), so they load with that page, not with every page.
const KEY = 'sign-out-reason';
const REASONS: readonly string[] = Object.values(SIGN_OUT_REASONS);

export function rememberSignOutReason(reason: string | undefined) {
  if (reason && REASONS.includes(reason)) sessionStorage.setItem(KEY, reason);
}

/** The reason of the last sign-out the server decided, if any. */
export function signOutReason(): string | null {
  if (typeof window === 'undefined') return null;
  return sessionStorage.getItem(KEY);
}

/** Shown once: forgotten after the sign-in page has shown it, or once the user signs in. */
export function forgetSignOutReason() {
  sessionStorage.removeItem(KEY);
}
