import { zodResolver } from '@hookform/resolvers/zod';
import { type SiteHome, type SiteHomeValues, siteHomeBody } from '@app/common/schemas/site';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api-client.ts';
import { Field } from '../../../components/field.tsx';
import { TextAreaField } from '../../../components/form-controls.tsx';
import { useSaveHome } from '../api/site.ts';
import { SITE_ADMIN_MSG } from '../messages.ts';
import { ImageField } from './image-field.tsx';
import { ListFields } from './list-fields.tsx';
import { PageFormFrame } from './page-form-frame.tsx';
import { HomePreview } from './previews.tsx';
import { setServerErrors } from './set-server-errors.ts';

const blankButton = { label: '', href: '' };
const button = z.object({ label: z.string(), href: z.string() });

// The form holds every field as text (a button not set is two blanks, which the API schema reads as
// none); the API's own schema then checks the whole body.
export const homeForm = z
  .object({
    hero: z.object({ headline: z.string(), text: z.string(), imageUrl: z.string(), primaryButton: button, secondaryButton: button }),
    whyChooseUs: z.array(z.object({ title: z.string(), text: z.string() })),
    principal: z.object({ name: z.string(), photoUrl: z.string(), message: z.string() }),
  })
  // The API schema reads blanks itself: its input types are wider than the form's text.
  .transform((v): z.input<typeof siteHomeBody> => v)
  .pipe(siteHomeBody);
type HomeFormValues = z.input<typeof homeForm>;

/** The served home content as the form's values: every field present, a button not set as two blanks. */
const toValues = (home: SiteHome): HomeFormValues => ({
  hero: {
    headline: home.hero.headline,
    text: home.hero.text,
    imageUrl: home.hero.imageUrl ?? '',
    primaryButton: home.hero.primaryButton ?? blankButton,
    secondaryButton: home.hero.secondaryButton ?? blankButton,
  },
  whyChooseUs: home.whyChooseUs,
  principal: { name: home.principal.name, photoUrl: home.principal.photoUrl ?? '', message: home.principal.message },
});

/** The home page's hero, "why choose us" and principal, in one form (PUT /api/site/home). */
export function HomeForm({ home }: { home: SiteHome }) {
  const form = useForm<HomeFormValues, unknown, SiteHomeValues>({ resolver: zodResolver(homeForm), defaultValues: toValues(home) });
  const { register, control, handleSubmit, setError, formState, watch } = form;
  const points = useFieldArray({ control, name: 'whyChooseUs' });
  const save = useSaveHome();
  const [previewing, setPreviewing] = useState(false);
  const e = formState.errors;

  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => toast.success(SITE_ADMIN_MSG.saved('Home page')),
      onError: (err) => setServerErrors(err, setError),
    }),
  );

  return (
    <PageFormFrame
      id="site-home-form"
      onSubmit={onSubmit}
      saving={save.isPending}
      error={save.isError ? errorMessage(save.error, SITE_ADMIN_MSG.saveError) : null}
      previewing={previewing}
      onTogglePreview={() => setPreviewing((p) => !p)}
      preview={<HomePreview home={watch()} />}
    >
      <fieldset className="grid gap-4">
        <legend className="text-base font-semibold text-slate-800">Hero</legend>
        <Field label="Headline" autoComplete="off" error={e.hero?.headline?.message} {...register('hero.headline')} />
        <TextAreaField label="Hero text" rows={3} error={e.hero?.text?.message} {...register('hero.text')} />
        <p className="-mt-2 text-xs text-slate-500">{SITE_ADMIN_MSG.markdownHint}</p>
        <Controller
          control={control}
          name="hero.imageUrl"
          render={({ field, fieldState }) => (
            <ImageField label="Hero image" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First button: label" error={e.hero?.primaryButton?.label?.message} {...register('hero.primaryButton.label')} />
          <Field
            label="First button: link"
            placeholder="/admission-request"
            error={e.hero?.primaryButton?.href?.message}
            {...register('hero.primaryButton.href')}
          />
          <Field label="Second button: label" error={e.hero?.secondaryButton?.label?.message} {...register('hero.secondaryButton.label')} />
          <Field
            label="Second button: link"
            placeholder="/admission-status"
            error={e.hero?.secondaryButton?.href?.message}
            {...register('hero.secondaryButton.href')}
          />
        </div>
        <p className="-mt-2 text-xs text-slate-500">Leave a button's label and link blank to leave it out.</p>
      </fieldset>

      <ListFields legend="Why choose us" itemName="Point" array={points} blank={{ title: '', text: '' }} error={e.whyChooseUs?.message}>
        {(i) => (
          <>
            <Field label="Title" error={e.whyChooseUs?.[i]?.title?.message} {...register(`whyChooseUs.${i}.title`)} />
            <TextAreaField label="Text" rows={2} error={e.whyChooseUs?.[i]?.text?.message} {...register(`whyChooseUs.${i}.text`)} />
          </>
        )}
      </ListFields>

      <fieldset className="grid gap-4">
        <legend className="text-base font-semibold text-slate-800">Principal</legend>
        <Field label="Principal name" error={e.principal?.name?.message} {...register('principal.name')} />
        <Controller
          control={control}
          name="principal.photoUrl"
          render={({ field, fieldState }) => (
            <ImageField label="Principal's photo" value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
        <TextAreaField label="Principal message" rows={6} error={e.principal?.message?.message} {...register('principal.message')} />
      </fieldset>
    </PageFormFrame>
  );
}
