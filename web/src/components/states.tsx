import { AlertTriangle, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';

/** A list that failed to load says so and offers Retry; it never shows invented data (docs/product.md section 8). */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-6 text-center text-red-800">
      <AlertTriangle aria-hidden="true" className="h-6 w-6" />
      <p>{message}</p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
        >
          Retry
        </button>
      )}
    </div>
  );
}

export function EmptyState({ title, hint, children }: { title: string; hint?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
      <Inbox aria-hidden="true" className="h-7 w-7 text-slate-400" />
      <p className="font-semibold text-slate-700">{title}</p>
      {hint && <p className="text-sm">{hint}</p>}
      {children}
    </div>
  );
}
