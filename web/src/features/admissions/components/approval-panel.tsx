import { CheckCircle2, Copy, MailCheck, MailWarning, X } from 'lucide-react';
import { toast } from 'sonner';
import { ADMISSION_WEB_MSG } from '../messages.ts';
import type { ApproveAdmissionAnswer } from '@app/common/schemas/admissions';

/**
 * After an approval (docs/product.md section 2, Admission Request Management): the created account's e-mail, its
 * temporary password, whether the welcome e-mail went out, and the server's notice.
 */
export function ApprovalPanel({ result, onDismiss }: { result: ApproveAdmissionAnswer; onDismiss: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result.user.temporaryPassword);
      toast.success('Temporary password copied');
    } catch {
      toast.error('Could not copy. Please select the password and copy it.');
    }
  };
  return (
    <section aria-labelledby="approval-panel-title" className="rounded-xl border border-green-200 bg-green-50 p-5 text-green-950 shadow-sm">
      <div className="flex items-start justify-between gap-4">
        <h2 id="approval-panel-title" className="flex items-center gap-2 text-lg font-semibold">
          <CheckCircle2 aria-hidden="true" className="h-5 w-5 text-green-700" /> Student account created
        </h2>
        <button type="button" onClick={onDismiss} aria-label="Dismiss" className="rounded p-1 text-green-800 hover:bg-green-100">
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      <p className="mt-1 text-sm">{result.message}</p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-green-800">Email</dt>
          <dd className="break-all font-medium" data-testid="approved-email">
            {result.user.email}
          </dd>
        </div>
        {result.user.registrationNumber && (
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-green-800">Registration number</dt>
            <dd className="font-medium">{result.user.registrationNumber}</dd>
          </div>
        )}
        <div className="sm:col-span-2">
          <dt className="text-xs font-semibold uppercase tracking-wide text-green-800">Temporary password</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2">
            <code className="break-all rounded bg-white px-2 py-1 font-mono text-base text-slate-900" data-testid="temporary-password">
              {result.user.temporaryPassword}
            </code>
            <button
              type="button"
              onClick={copy}
              className="inline-flex items-center gap-1 rounded-md border border-green-300 bg-white px-2.5 py-1 text-sm font-medium text-green-900 hover:bg-green-100"
            >
              <Copy aria-hidden="true" className="h-4 w-4" /> Copy
            </button>
          </dd>
        </div>
      </dl>
      {result.emailSent ? (
        <p className="mt-4 flex items-center gap-2 text-sm font-medium">
          <MailCheck aria-hidden="true" className="h-4 w-4" /> Welcome e-mail with the login credentials sent to {result.user.email}.
        </p>
      ) : (
        <p role="alert" className="mt-4 flex items-center gap-2 rounded-md bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-900">
          <MailWarning aria-hidden="true" className="h-4 w-4" /> {ADMISSION_WEB_MSG.emailFailed}
        </p>
      )}
      {result.notice && <p className="mt-3 text-sm">{result.notice}</p>}
    </section>
  );
}
