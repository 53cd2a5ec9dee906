export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center gap-3 text-slate-600">
      <span className="h-6 w-6 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
