import { SIGN_OUT_REASONS } from '@app/common/constants';
import { MSG } from '@app/common/messages';

// Why the server ended a session, carried across the redirect to /login (which reloads the page) in
// session storage, and shown once there (docs/product.md section 4).
const KEY = 'sign-out-reason';

const MESSAGES: Record<string, string> = {
  [SIGN_OUT_REASONS.deactivated]: MSG.accountInactive,
  [SIGN_OUT_REASONS.sessionEnded]: MSG.sessionEnded,
};

export function rememberSignOutReason(reason: string | undefined) {
  if (reason && MESSAGES[reason]) sessionStorage.setItem(KEY, reason);
}

/** The message for the last sign-out the server decided, if any. */
export function signOutMessage(): string | null {
  const reason = sessionStorage.getItem(KEY);
  return reason ? (MESSAGES[reason] ?? null) : null;
}

/** Shown once: forgotten after the sign-in page has shown it, or once the user signs in. */
export function forgetSignOutReason() {
  sessionStorage.removeItem(KEY);
}
