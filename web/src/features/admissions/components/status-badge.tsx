const tones: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
};

const label = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).toLowerCase();

/** Pending / Approved / Rejected, coloured; accepts the request's lower case and the record's upper case. */
export function AdmissionStatusBadge({ status }: { status: string }) {
  const key = status.toLowerCase();
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[key] ?? 'bg-slate-100 text-slate-700'}`}>
      {label(status)}
    </span>
  );
}
