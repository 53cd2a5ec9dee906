import { formatDateTime } from '@app/common/rules/dates';
import { CHANNEL_LABEL, CHANNELS, type OutboxItem } from '@app/common/schemas/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { AdminPage, StatTile } from '../../components/admin-page.tsx';
import { Badge } from '../../components/badge.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { buttonClass } from '../../components/field.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useOutbox, useRetryMessage } from './api/notifications.ts';

const STATUS = {
  pending: { tone: 'amber', label: 'Retrying' },
  sent: { tone: 'green', label: 'Sent' },
  failed: { tone: 'red', label: 'Failed' },
  kept: { tone: 'slate', label: 'Kept (not sent)' },
} as const;

function StatusBadge({ m }: { m: OutboxItem }) {
  const s = STATUS[m.status];
  return <Badge tone={s.tone}>{m.status === 'pending' && m.attempts === 0 ? 'Queued' : s.label}</Badge>;
}

/** /admin/notifications/outbox: every message by every channel, with failures and their retries (docs/product-notifications.md). */
export default function OutboxPage() {
  const [status, setStatus] = useState('');
  const [channel, setChannel] = useState('');
  const outbox = useOutbox({ status, channel });
  const retry = useRetryMessage();
  const onRetry = (m: OutboxItem) =>
    retry.mutate(m._id, {
      onSuccess: (r) => toast.success(r.message),
      onError: (err) => toast.error(errorMessage(err, 'Could not send the message again.')),
    });
  const columns: Column<OutboxItem>[] = [
    { header: 'Channel', className: 'whitespace-nowrap', cell: (m) => CHANNEL_LABEL[m.channel] },
    { header: 'To', className: 'break-all', cell: (m) => m.to },
    { header: 'Subject', className: 'max-w-xs', cell: (m) => <span title={m.text}>{m.subject}</span>, hideInCard: true },
    { header: 'Created', className: 'whitespace-nowrap', cell: (m) => formatDateTime(m.createdAt) },
    { header: 'Attempts', cell: (m) => m.attempts },
    {
      header: 'Last error',
      className: 'max-w-xs break-words text-sm text-slate-600',
      cell: (m) =>
        m.lastError ? (
          <>
            {m.lastError}
            {m.status === 'pending' && m.nextAttemptAt && <span className="block">Next try {formatDateTime(m.nextAttemptAt)}</span>}
          </>
        ) : (
          '—'
        ),
    },
    { header: 'Status', cell: (m) => <StatusBadge m={m} />, hideInCard: true },
  ];
  return (
    <AdminPage
      title="Message Outbox"
      actions={
        <Link to="/admin/notifications/broadcast" className={buttonClass.primary}>
          Send an announcement
        </Link>
      }
    >
      <p className="mb-4 text-sm text-slate-600">
        Every e-mail, SMS and WhatsApp message. A message the provider refuses or does not answer is tried again with a growing delay; after
        the last attempt it is marked failed and stays here until you send it again.
      </p>
      {outbox.data && (
        <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <StatTile label="Sent" value={outbox.data.counts.sent.toLocaleString('en-IN')} tone="green" />
          <StatTile label="Retrying" value={outbox.data.counts.pending.toLocaleString('en-IN')} tone="amber" />
          <StatTile label="Failed" value={outbox.data.counts.failed.toLocaleString('en-IN')} tone="red" />
          <StatTile label="Kept (no provider)" value={outbox.data.counts.kept.toLocaleString('en-IN')} tone="slate" />
        </div>
      )}
      <div className="mb-4 flex flex-wrap gap-3">
        <FilterSelect
          label="Status"
          value={status}
          onChange={setStatus}
          options={[
            { value: '', label: 'All statuses' },
            { value: 'failed', label: 'Failed' },
            { value: 'pending', label: 'Retrying or queued' },
            { value: 'sent', label: 'Sent' },
            { value: 'kept', label: 'Kept (no provider)' },
          ]}
        />
        <FilterSelect
          label="Channel"
          value={channel}
          onChange={setChannel}
          options={[{ value: '', label: 'All channels' }, ...CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABEL[c] }))]}
        />
      </div>
      <QueryState
        query={outbox}
        loadingText="Loading messages..."
        errorText={(e) => errorMessage(e, 'Could not load the outbox.')}
        isEmpty={(d) => d.items.length === 0}
        empty="No messages"
        emptyHint={status || channel ? 'Nothing matches these filters.' : 'Messages appear here as they are sent.'}
      >
        {(d) => (
          <DataTable
            rows={d.items}
            rowKey={(m) => m._id}
            columns={columns}
            caption="Messages"
            cardTitle={(m) => <p className="font-semibold text-slate-900">{m.subject}</p>}
            cardBadge={(m) => <StatusBadge m={m} />}
            actions={
              d.items.some((m) => m.status === 'failed')
                ? (m) =>
                    m.status === 'failed' ? (
                      <button
                        type="button"
                        className={buttonClass.secondary}
                        disabled={retry.isPending && retry.variables === m._id}
                        onClick={() => onRetry(m)}
                        aria-label={`Send again: ${m.subject} to ${m.to}`}
                      >
                        Send again
                      </button>
                    ) : null
                : undefined
            }
          />
        )}
      </QueryState>
    </AdminPage>
  );
}
