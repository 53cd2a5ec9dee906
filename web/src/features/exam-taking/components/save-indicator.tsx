import { Check, CloudOff, Loader2, WifiOff } from 'lucide-react';
import type { SaveStatus } from '../hooks/use-autosave.ts';

const look = {
  saved: { text: 'Saved', className: 'text-green-800', Icon: Check },
  saving: { text: 'Saving...', className: 'text-slate-600', Icon: Loader2 },
  unsaved: { text: 'Not saved', className: 'text-red-700', Icon: CloudOff },
} as const;

/** Whether the answers are on the server: 'Saved', 'Saving...' or 'Not saved'. */
export function SaveIndicator({ status }: { status: SaveStatus }) {
  const { text, className, Icon } = look[status];
  return (
    <span data-testid="save-status" className={`inline-flex items-center gap-1 text-sm font-medium ${className}`}>
      <Icon aria-hidden="true" className={`h-4 w-4 ${status === 'saving' ? 'animate-spin' : ''}`} />
      {text}
    </span>
  );
}

/** Shown while the connection is down: answers stay on this device and are resent. */
export function ConnectionBanner({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <WifiOff aria-hidden="true" className="h-5 w-5 shrink-0" />
      <p className="flex-1">
        Connection lost. Your answers are kept on this device and will be saved as soon as the connection returns. Keep working.
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-md border border-amber-400 bg-white px-3 py-1 font-semibold hover:bg-amber-100"
      >
        Retry now
      </button>
    </div>
  );
}
