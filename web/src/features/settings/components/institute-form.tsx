import {
  checkPanInGstin,
  DEFAULT_SAC,
  type InstituteSettings,
  instituteSettingsFields,
  MAX_EXTRA_PHONES,
  SOCIAL_NETWORK_KEYS,
  SOCIAL_NETWORKS,
} from '@app/common/schemas/settings';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { TextAreaField } from '../../../components/form-controls.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { type InstituteSettingsOutput, useSaveInstituteSettings } from '../api/institute-settings.ts';
import { formResolver } from '../../../lib/form-resolver.ts';

// The form keeps the extra phones as lines of one text box; everything else is the API body's own field
// rules, so the messages are the server's.
const instituteForm = checkPanInGstin(
  z.object({
    ...instituteSettingsFields,
    phones: z
      .string()
      .transform((text) =>
        text
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean),
      )
      .pipe(instituteSettingsFields.phones.unwrap()),
  }),
);
type FormValues = z.input<typeof instituteForm>;
type Values = Record<keyof FormValues, string>;

const toFormValues = (s: InstituteSettings): Values => ({
  name: s.name,
  address: s.address,
  phone: s.phone,
  phones: s.phones.join('\n'),
  email: s.email ?? '',
  gstin: s.gstin ?? '',
  pan: s.pan ?? '',
  sac: s.sac,
  gstRate: String(s.gstRate),
  invoicePrefix: s.invoicePrefix,
  facebook: s.facebook ?? '',
  instagram: s.instagram ?? '',
  youtube: s.youtube ?? '',
  whatsapp: s.whatsapp ?? '',
});

const SOCIAL_PLACEHOLDERS = {
  facebook: 'https://www.facebook.com/yourpage',
  instagram: 'https://www.instagram.com/yourpage',
  youtube: 'https://www.youtube.com/@yourchannel',
  whatsapp: 'https://wa.me/919830000000',
} as const;

const sectionClass = 'grid gap-4 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6';
const legendClass = 'float-left w-full text-lg font-semibold text-slate-800 sm:col-span-2';

/** The institute's profile form (docs/product.md section 15). */
export function InstituteForm({ settings }: { settings: InstituteSettings }) {
  const form = useForm<Values, unknown, InstituteSettingsOutput>({
    resolver: formResolver(instituteForm),
    defaultValues: toFormValues(settings),
  });
  const { register, handleSubmit, reset, setError, formState } = form;
  const save = useSaveInstituteSettings();

  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(toFormValues(saved));
        toast.success('Institute settings saved');
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) {
          for (const [name, message] of Object.entries(err.fields)) setError(name as keyof Values, { message });
        }
      },
    }),
  );

  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label="Institute settings">
      {save.isError && <FormAlert>{errorMessage(save.error, 'Could not save the settings. Please try again.')}</FormAlert>}
      <fieldset className={sectionClass}>
        <legend className={legendClass}>Contact details</legend>
        <p className="text-sm text-slate-600 sm:col-span-2">Shown in every page's footer, on receipts and in e-mails.</p>
        <div className="sm:col-span-2">
          <Field label="Institute name" autoComplete="organization" error={e.name?.message} {...register('name')} />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField label="Address" rows={2} autoComplete="street-address" error={e.address?.message} {...register('address')} />
        </div>
        <Field label="Phone" type="tel" autoComplete="tel" error={e.phone?.message} {...register('phone')} />
        <Field label="E-mail" type="email" autoComplete="email" error={e.email?.message} {...register('email')} />
        <div className="sm:col-span-2">
          <TextAreaField
            label={`Other phones (one per line, at most ${MAX_EXTRA_PHONES})`}
            rows={2}
            error={e.phones?.message}
            {...register('phones')}
          />
        </div>
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Social links</legend>
        <p className="text-sm text-slate-600 sm:col-span-2">
          The footer shows an icon only for a link that is set. Leave a box empty to hide it.
        </p>
        {SOCIAL_NETWORK_KEYS.map((key) => (
          <Field
            key={key}
            label={`${SOCIAL_NETWORKS[key].label} link`}
            type="url"
            inputMode="url"
            placeholder={SOCIAL_PLACEHOLDERS[key]}
            error={e[key]?.message}
            {...register(key)}
          />
        ))}
      </fieldset>

      <fieldset className={sectionClass}>
        <legend className={legendClass}>Tax and receipts</legend>
        <p className="text-sm text-slate-600 sm:col-span-2">
          GSTIN and PAN are optional. The GSTIN's last character is a check digit, so a mistyped number is refused.
        </p>
        <Field label="GSTIN" autoComplete="off" className="uppercase" maxLength={15} error={e.gstin?.message} {...register('gstin')} />
        <Field label="PAN" autoComplete="off" className="uppercase" maxLength={10} error={e.pan?.message} {...register('pan')} />
        <Field
          label="SAC code"
          inputMode="numeric"
          maxLength={6}
          hint={<p className="text-xs text-slate-600">{DEFAULT_SAC}: commercial training or coaching services.</p>}
          error={e.sac?.message}
          {...register('sac')}
        />
        <Field
          label="GST rate (%)"
          type="number"
          min={0}
          max={28}
          step="0.01"
          inputMode="decimal"
          error={e.gstRate?.message}
          {...register('gstRate')}
        />
        <Field
          label="Receipt and invoice number prefix"
          autoComplete="off"
          className="uppercase"
          maxLength={10}
          error={e.invoicePrefix?.message}
          {...register('invoicePrefix')}
        />
      </fieldset>

      <div className="flex justify-end">
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </button>
      </div>
    </form>
  );
}
