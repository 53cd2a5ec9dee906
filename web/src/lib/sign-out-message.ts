import { SIGN_OUT_REASONS } from '@app/common/constants';
import { MSG } from '@app/common/messages';
import { signOutReason } from './sign-out-reason.ts';

const MESSAGES: Record<string, string> = {
  [SIGN_OUT_REASONS.deactivated]: MSG.accountInactive,
  [SIGN_OUT_REASONS.sessionEnded]: MSG.sessionEnded,
};

/** The message for the last sign-out the server decided, if any (the sign-in page says it once). */
export function signOutMessage(): string | null {
  const reason = signOutReason();
  return reason ? (MESSAGES[reason] ?? null) : null;
}
