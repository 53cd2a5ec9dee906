import { formatDateTime } from '@app/common/rules/dates';
import { useQuery } from '@tanstack/react-query';
import { CHANNEL_LABEL, type Channel } from '@app/common/schemas/notifications';
import { Mail, MessageCircle, MessageSquareText, Paperclip } from 'lucide-react';
import { useState } from 'react';
import { api, downloadFile, errorMessage } from '../../lib/api-client.ts';
import { buttonClass } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { QueryState } from '../../components/query-state.tsx';

type Attachment = { _id: string; filename: string; contentType: string; size: number };
type MailItem = { _id: string; channel: Channel; to: string; subject: string; text: string; createdAt: string; attachments?: Attachment[] };

/** A mail's attached files (a receipt PDF), downloaded as the mail would have carried them. */
function Attachments({ files }: { files: Attachment[] }) {
  const [error, setError] = useState<string | null>(null);
  if (files.length === 0) return null;
  return (
    <div className="border-t px-4 py-3">
      <ul className="flex flex-wrap gap-2" aria-label="Attachments">
        {files.map((f) => (
          <li key={f._id}>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() =>
                downloadFile(`/api/dev/mailbox/attachments/${encodeURIComponent(f._id)}`, {
                  fallbackName: f.filename,
                  failure: 'Could not download the attachment. Please try again.',
                }).then(
                  () => setError(null),
                  (err) => setError(errorMessage(err, 'Could not download the attachment. Please try again.')),
                )
              }
            >
              <Paperclip aria-hidden="true" className="h-4 w-4" /> {f.filename} ({Math.max(1, Math.round(f.size / 1024))} KB)
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const CHANNEL_ICON = { email: Mail, sms: MessageSquareText, whatsapp: MessageCircle } as const;

/**
 * The outbox when no SMTP server is configured: where reset links and credentials can be read, and the
 * SMS and WhatsApp messages kept while no provider is configured (docs/product-notifications.md).
 */
export default function MailboxPage() {
  usePageTitle('Mailbox');
  // Only a signed-in admin reads it (it holds reset links and passwords): a visitor is told so here
  // rather than sent to /login.
  const mails = useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: () => api<MailItem[]>('/api/dev/mailbox', { skipAuthRedirect: true }),
    refetchInterval: (q) => (q.state.status === 'error' ? false : 5_000),
    retry: false,
  });
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold text-brand-800">Mailbox</h1>
        <button type="button" className={buttonClass.secondary} onClick={() => mails.refetch()}>
          Refresh
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        No SMTP server is configured, so e-mails are kept here instead of being sent; so are SMS and WhatsApp messages while no provider is
        configured for them. Only a signed-in admin can read them. This page does not exist in production.
      </p>
      <div className="mt-6">
        <QueryState
          query={mails}
          loadingText="Loading messages..."
          errorText={(e) => errorMessage(e, 'Could not load the mailbox')}
          isEmpty={(list) => list.length === 0}
          empty="No messages yet"
        >
          {(list) => (
            <ul className="space-y-3">
              {list.map((m) => {
                const Icon = CHANNEL_ICON[m.channel] ?? Mail;
                return (
                  <li key={m._id} className="rounded-lg bg-white shadow-sm" data-channel={m.channel}>
                    <button
                      type="button"
                      className="flex w-full items-start gap-3 p-4 text-left"
                      aria-expanded={open === m._id}
                      onClick={() => setOpen(open === m._id ? null : m._id)}
                    >
                      <Icon aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
                      <span className="min-w-0 flex-1">
                        <span className="block font-semibold">
                          <span className="mr-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">
                            {CHANNEL_LABEL[m.channel]}
                          </span>
                          {m.subject}
                        </span>
                        <span className="block text-sm text-slate-600">
                          To: {m.to} · {formatDateTime(m.createdAt)}
                          {(m.attachments?.length ?? 0) > 0 &&
                            ` · ${m.attachments?.length} attachment${m.attachments?.length === 1 ? '' : 's'}`}
                        </span>
                      </span>
                    </button>
                    {open === m._id && (
                      <pre className="whitespace-pre-wrap break-words border-t px-4 py-3 font-sans text-sm">{linkify(m.text)}</pre>
                    )}
                    {open === m._id && <Attachments files={m.attachments ?? []} />}
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </div>
    </section>
  );
}

/** Makes the links in a plain-text mail clickable, without ever rendering its text as HTML. */
function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
      <a key={i} href={part} className="text-brand-700 underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
