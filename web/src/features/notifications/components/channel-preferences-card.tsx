import { type Preferences, type PreferencesInput, preferencesSchema } from '@app/common/schemas/notifications';
import { BellRing } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { usePreferences, useSavePreferences } from '../api/notifications.ts';
import { formResolver } from '../../../lib/form-resolver.ts';

type Values = { email: boolean; sms: boolean; whatsapp: boolean; phone: string };
const toValues = (p: Preferences): Values => ({ email: p.email, sms: p.sms, whatsapp: p.whatsapp, phone: p.phone ?? '' });

/**
 * The student's channels (docs/product-notifications.md, "Channels"): reminders, results and
 * announcements by e-mail, SMS and WhatsApp. Account and payment e-mails always go out.
 */
export function ChannelPreferencesCard() {
  const prefs = usePreferences();
  return (
    <section aria-label="Notification preferences" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 className="mb-4 flex items-center gap-2 text-lg font-semibold text-brand-800">
        <BellRing aria-hidden="true" className="h-5 w-5" /> Notifications
      </h2>
      <QueryState
        query={prefs}
        compact
        loadingText="Loading your preferences..."
        errorText={(e) => errorMessage(e, 'Could not load your preferences')}
      >
        {(p) => <PreferencesForm prefs={p} />}
      </QueryState>
    </section>
  );
}

function PreferencesForm({ prefs }: { prefs: Preferences }) {
  const save = useSavePreferences();
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<Values>({
    resolver: formResolver(preferencesSchema),
    defaultValues: toValues(prefs),
  });
  useEffect(() => reset(toValues(prefs)), [prefs, reset]);
  const onSubmit = handleSubmit(() => {
    const v = watch();
    const body: PreferencesInput = { email: v.email, sms: v.sms, whatsapp: v.whatsapp, phone: v.phone.trim() === '' ? null : v.phone };
    save.mutate(body, {
      onSuccess: () => toast.success('Your notification preferences have been saved'),
      onError: (err) => {
        if (err instanceof ApiError && err.fields) {
          for (const [name, message] of Object.entries(err.fields)) setError(name as keyof Values, { message });
        }
      },
    });
  });
  const needsPhone = watch('sms') || watch('whatsapp');
  const box = 'h-4 w-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600';
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <p className="text-sm text-slate-600">
        Fee reminders, exam and class alerts, results and announcements. E-mails about your account and payments are always sent.
      </p>
      {save.isError && !(save.error instanceof ApiError && save.error.fields) && (
        <FormAlert>{errorMessage(save.error, 'Could not save your preferences.')}</FormAlert>
      )}
      <fieldset className="grid gap-2">
        <legend className="sr-only">Channels</legend>
        <label className="flex items-center gap-2 text-slate-800">
          <input type="checkbox" className={box} {...register('email')} /> E-mail
        </label>
        <label className="flex items-center gap-2 text-slate-800">
          <input type="checkbox" className={box} {...register('sms')} /> SMS
        </label>
        <label className="flex items-center gap-2 text-slate-800">
          <input type="checkbox" className={box} {...register('whatsapp')} /> WhatsApp
        </label>
      </fieldset>
      <Field
        label={needsPhone ? 'Mobile number (required for SMS and WhatsApp)' : 'Mobile number'}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="98300 12345"
        error={formState.errors.phone?.message}
        {...register('phone')}
      />
      <div>
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save preferences'}
        </button>
      </div>
    </form>
  );
}
