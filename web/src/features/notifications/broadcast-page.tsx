import {
  AUDIENCE_TYPES,
  BROADCAST_MAX_CHARS,
  BROADCAST_TO,
  type BroadcastInput,
  type BroadcastTo,
  broadcastSchema,
  CHANNEL_LABEL,
  CHANNELS,
} from '@app/common/schemas/notifications';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useBatches } from '../../api/batches.ts';
import { useMyCentres } from '../../api/centres.ts';
import { useAdminCourses } from '../../api/courses.ts';
import { AdminPage } from '../../components/admin-page.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { buttonClass, Field, FormAlert } from '../../components/field.tsx';
import { SelectField, TextAreaField } from '../../components/form-controls.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useBroadcastCount, useSendBroadcast } from './api/notifications.ts';
import { formResolver } from '../../lib/form-resolver.ts';

type Values = {
  audience: (typeof AUDIENCE_TYPES)[number];
  to: BroadcastTo;
  audienceId: string;
  channel: (typeof CHANNELS)[number];
  subject: string;
  message: string;
};
const AUDIENCE_LABEL = { batch: 'A batch', course: 'A course', centre: 'A centre' } as const;
/** Whom of the audience: its students, their parents (docs/product-parents.md), or both. */
const TO_LABEL: Record<BroadcastTo, string> = { students: 'Students', parents: 'Their parents', both: 'Students and their parents' };

/** /admin/notifications/broadcast: an announcement to a batch, course or centre by one channel, after its count (docs/product-notifications.md). */
export default function BroadcastPage() {
  const batches = useBatches({ status: 'active' });
  const courses = useAdminCourses();
  const centres = useMyCentres();
  const count = useBroadcastCount();
  const send = useSendBroadcast();
  const [confirming, setConfirming] = useState<{ body: BroadcastInput; recipients: number; unreachable: number } | null>(null);
  const { register, handleSubmit, watch, setError, setValue, reset, formState } = useForm<Values>({
    resolver: formResolver(broadcastSchema),
    defaultValues: { audience: 'batch', to: 'students', audienceId: '', channel: 'email', subject: '', message: '' },
  });
  const audience = watch('audience');
  const channel = watch('channel');
  const message = watch('message');
  const options =
    audience === 'batch'
      ? (batches.data ?? []).map((b) => ({ value: b._id, label: `${b.name} (${b.centreName})` }))
      : audience === 'course'
        ? (courses.data ?? []).map((c) => ({ value: c._id, label: c.name }))
        : (centres.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const listError = audience === 'batch' ? batches.isError : audience === 'course' ? courses.isError : centres.isError;

  const fieldErrors = (err: unknown) => {
    if (err instanceof ApiError && err.fields) {
      for (const [name, msg] of Object.entries(err.fields)) setError(name as keyof Values, { message: msg });
      return true;
    }
    return false;
  };
  // The count first: the admin confirms the number of recipients before anything is sent.
  const onSubmit = handleSubmit(() => {
    const v = watch();
    const body: BroadcastInput = { ...v, subject: v.subject };
    count.mutate(
      { audience: v.audience, to: v.to, audienceId: v.audienceId, channel: v.channel },
      {
        onSuccess: (n) => setConfirming({ body, ...n }),
        onError: (err) => {
          if (!fieldErrors(err)) toast.error(errorMessage(err, 'Could not count the recipients.'));
        },
      },
    );
  });
  const onConfirm = () =>
    confirming &&
    send.mutate(confirming.body, {
      onSuccess: (r) => {
        toast.success(r.message);
        setConfirming(null);
        reset({ ...watch(), subject: '', message: '' });
      },
      onError: (err) => {
        setConfirming(null);
        if (!fieldErrors(err)) toast.error(errorMessage(err, 'Could not send the announcement.'));
      },
    });
  const e = formState.errors;
  const max = BROADCAST_MAX_CHARS[channel];
  const audienceLabel = options.find((o) => o.value === confirming?.body.audienceId)?.label ?? '';
  return (
    <AdminPage
      title="Send an Announcement"
      actions={
        <Link to="/admin/notifications/outbox" className={buttonClass.secondary}>
          Message outbox
        </Link>
      }
    >
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid min-w-0 max-w-3xl grid-cols-1 gap-4 rounded-xl bg-white p-5 shadow-sm sm:grid-cols-2"
      >
        {listError && (
          <div className="sm:col-span-2">
            <FormAlert>Could not load the list to choose from. Reload the page to try again.</FormAlert>
          </div>
        )}
        <SelectField
          label="Send to"
          options={AUDIENCE_TYPES.map((a) => ({ value: a, label: AUDIENCE_LABEL[a] }))}
          error={e.audience?.message}
          // Another kind of audience: the batch, course or centre is chosen afresh from its own list.
          {...register('audience', { onChange: () => setValue('audienceId', '') })}
        />
        <SelectField
          label={audience === 'batch' ? 'Batch' : audience === 'course' ? 'Course' : 'Centre'}
          options={[{ value: '', label: 'Choose...' }, ...options]}
          error={e.audienceId?.message}
          className="w-full min-w-0"
          {...register('audienceId')}
        />
        <SelectField
          label="Who"
          options={BROADCAST_TO.map((t) => ({ value: t, label: TO_LABEL[t] }))}
          error={e.to?.message}
          {...register('to')}
        />
        <SelectField
          label="Channel"
          options={CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABEL[c] }))}
          error={e.channel?.message}
          {...register('channel')}
        />
        <Field
          label={channel === 'email' ? 'Subject' : 'Subject (optional)'}
          maxLength={150}
          error={e.subject?.message}
          {...register('subject')}
        />
        <div className="sm:col-span-2">
          <TextAreaField label="Message" rows={6} error={e.message?.message} {...register('message')} />
          <p className={`mt-1 text-right text-xs ${message.length > max ? 'text-red-700' : 'text-slate-500'}`}>
            {message.length.toLocaleString('en-IN')} / {max.toLocaleString('en-IN')} characters
          </p>
        </div>
        <p className="text-sm text-slate-600 sm:col-span-2">
          SMS and WhatsApp reach the students who turned that channel on and gave a mobile number; e-mail reaches those who have not turned
          e-mail off. A parent is reached on the channel chosen here (e-mail only when they gave one), once however many of their children
          are in the audience. You see the number of recipients before anything is sent.
        </p>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass.primary} disabled={count.isPending}>
            <Send aria-hidden="true" className="h-4 w-4" /> {count.isPending ? 'Counting recipients...' : 'Review and send'}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Send this announcement?"
        tone="primary"
        confirmLabel={confirming && confirming.recipients > 0 ? `Send to ${confirming.recipients.toLocaleString('en-IN')}` : 'Send'}
        busyLabel="Sending..."
        busy={send.isPending}
        onConfirm={onConfirm}
        message={
          confirming && (
            <div className="grid gap-2" data-testid="broadcast-count">
              <p>
                <strong>
                  {confirming.recipients.toLocaleString('en-IN')} recipient{confirming.recipients === 1 ? '' : 's'}
                </strong>{' '}
                in {audienceLabel} by {CHANNEL_LABEL[confirming.body.channel]}.
              </p>
              {confirming.unreachable > 0 && (
                <p className="text-sm text-slate-600">
                  {confirming.unreachable.toLocaleString('en-IN')} more {confirming.body.to === 'students' ? 'student' : 'recipient'}
                  {confirming.unreachable === 1 ? '' : 's'} of the {confirming.body.audience} cannot be reached this way.
                </p>
              )}
              {confirming.recipients === 0 && <p className="text-sm text-red-700">Nobody would receive this message.</p>}
            </div>
          )
        }
      />
    </AdminPage>
  );
}
