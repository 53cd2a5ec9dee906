import {
  DEFAULT_PARENT_CHANNELS,
  PARENT_ALERT_KINDS,
  PARENT_CHANNELS,
  PARENT_MSG,
  type ParentAlertKind,
  type ParentChannel,
  type ParentPreferences,
} from '@app/common/schemas/parents';
import { ArrowLeft, KeyRound, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { buttonClass, Field, FormAlert } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { QueryState } from '../../components/query-state.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import { usePreferences, useSavePreferences, useSetPassword } from './api/parent.ts';

const KIND_LABELS: Record<ParentAlertKind, { title: string; hint: string }> = {
  absence: { title: 'Absent from a class', hint: 'Once a day, after attendance is taken' },
  results: { title: 'Result published', hint: 'Score and rank' },
  fees: { title: 'Fees', hint: 'Due in 3 days, overdue, and payments received' },
  digest: { title: 'Weekly digest', hint: 'Sunday evening: attendance, mocks and dues' },
};
const CHANNEL_LABELS: Record<ParentChannel, string> = { sms: 'SMS', whatsapp: 'WhatsApp', email: 'E-mail' };

type Channels = ParentPreferences['channels'];

/** The grid of alert kind by channel (GET/PUT /api/parent/preferences). */
function ChannelsForm({ stored }: { stored: Channels }) {
  const { user } = useAuth();
  const save = useSavePreferences();
  const [channels, setChannels] = useState<Channels>(stored);
  const [error, setError] = useState<string | null>(null);
  const noEmail = !user?.email;

  const toggle = (kind: ParentAlertKind, channel: ParentChannel, on: boolean) =>
    setChannels((c) => ({
      ...c,
      [kind]: on ? PARENT_CHANNELS.filter((x) => x === channel || c[kind].includes(x)) : c[kind].filter((x) => x !== channel),
    }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      { channels },
      {
        onSuccess: () => toast.success(PARENT_MSG.preferencesSaved),
        onError: (err) =>
          setError(
            err instanceof ApiError && err.fields
              ? Object.values(err.fields).join(' ') || err.message
              : errorMessage(err, 'Could not save'),
          ),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      {error && (
        <div className="mb-3">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Which alerts reach you, and how</caption>
        <thead>
          <tr className="text-xs text-slate-500">
            <th scope="col" className="py-2 font-medium">
              Alert
            </th>
            {PARENT_CHANNELS.map((ch) => (
              <th key={ch} scope="col" className="whitespace-nowrap px-1 py-2 text-center font-medium">
                {CHANNEL_LABELS[ch]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {PARENT_ALERT_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row" className="py-3 pr-2 font-normal">
                <span className="block font-medium text-slate-900">{KIND_LABELS[kind].title}</span>
                <span className="block text-xs text-slate-500">{KIND_LABELS[kind].hint}</span>
              </th>
              {PARENT_CHANNELS.map((ch) => (
                <td key={ch} className="px-1 py-3 text-center">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    aria-label={`${KIND_LABELS[kind].title} by ${CHANNEL_LABELS[ch]}`}
                    checked={channels[kind].includes(ch)}
                    disabled={ch === 'email' && noEmail && !channels[kind].includes(ch)}
                    onChange={(e) => toggle(kind, ch, e.target.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {noEmail && (
        <p className="mt-2 text-xs text-slate-500">E-mail alerts need an e-mail address: ask the institute's office to add yours.</p>
      )}
      <button type="submit" className={`${buttonClass.primary} mt-4`} disabled={save.isPending}>
        <Save aria-hidden="true" className="h-4 w-4" /> {save.isPending ? 'Saving...' : 'Save alert preferences'}
      </button>
    </form>
  );
}

/** "Set a password" (POST /api/parent/password): then the mobile number and password sign in too. */
function PasswordForm() {
  const { renewToken } = useAuth();
  const setPassword = useSetPassword();
  const [current, setCurrent] = useState('');
  const [fresh, setFresh] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    setFailure(null);
    const found: Record<string, string> = {};
    if (!fresh) found.newPassword = 'New password is required';
    else if (fresh !== confirm) found.confirmPassword = 'Passwords do not match';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPassword.mutate(
      { currentPassword: current || undefined, newPassword: fresh },
      {
        onSuccess: (answer) => {
          if (answer?.token) renewToken(answer.token);
          setDone(answer?.message ?? PARENT_MSG.passwordSet);
          setCurrent('');
          setFresh('');
          setConfirm('');
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields);
          setFailure(errorMessage(err, 'Could not set the password'));
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-md flex-col gap-4">
      {done && <FormAlert tone="success">{done}</FormAlert>}
      {failure && <FormAlert>{failure}</FormAlert>}
      <Field
        label="Current password (if you set one before)"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        error={errors.currentPassword}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        value={fresh}
        onChange={(e) => setFresh(e.target.value)}
        error={errors.newPassword}
      />
      <Field
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirmPassword}
      />
      <button type="submit" className={buttonClass.primary} disabled={setPassword.isPending}>
        <KeyRound aria-hidden="true" className="h-4 w-4" /> {setPassword.isPending ? 'Saving...' : 'Set password'}
      </button>
    </form>
  );
}

/** /parent/preferences (docs/product-parents.md "Alerts"): the channels of each alert, and a password. */
export default function ParentPreferencesPage() {
  usePageTitle('Alerts and password');
  const prefs = usePreferences();
  return (
    <section className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <Link to="/parent" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to your children
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-brand-800">Alerts and password</h1>
      <section aria-labelledby="alerts-title" className="mt-6 rounded-xl bg-white p-5 shadow-sm">
        <h2 id="alerts-title" className="mb-3 text-lg font-semibold text-brand-800">
          How alerts reach you
        </h2>
        <QueryState
          query={prefs}
          compact
          loadingText="Loading your preferences..."
          errorText={(e) => errorMessage(e, 'Failed to load your preferences')}
        >
          {(p) => <ChannelsForm key={prefs.dataUpdatedAt} stored={{ ...DEFAULT_PARENT_CHANNELS, ...p.channels }} />}
        </QueryState>
      </section>
      <section aria-labelledby="password-title" className="mt-6 rounded-xl bg-white p-5 shadow-sm">
        <h2 id="password-title" className="mb-1 text-lg font-semibold text-brand-800">
          Set a password
        </h2>
        <p className="mb-4 text-sm text-slate-600">
          You can always sign in with a code sent to your mobile. With a password you can also sign in without waiting for the SMS.
        </p>
        <PasswordForm />
      </section>
    </section>
  );
}
