import { zodResolver } from '@hookform/resolvers/zod';
import { type SiteAbout, type SiteAboutBody, type SiteFaq, type SiteFaqBody, siteAboutBody, siteFaqBody } from '@app/common/schemas/site';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client.ts';
import { Field } from '../../../components/field.tsx';
import { TextAreaField } from '../../../components/form-controls.tsx';
import { useSaveAbout, useSaveFaq } from '../api/site.ts';
import { SITE_ADMIN_MSG } from '../messages.ts';
import { ListFields } from './list-fields.tsx';
import { PageFormFrame } from './page-form-frame.tsx';
import { AboutPreview, FaqPreview } from './previews.tsx';
import { setServerErrors } from './set-server-errors.ts';

/** The about page's story and achievements (PUT /api/site/about). */
export function AboutForm({ about }: { about: SiteAbout }) {
  const form = useForm<SiteAboutBody, unknown, z.output<typeof siteAboutBody>>({
    resolver: zodResolver(siteAboutBody),
    defaultValues: { story: about.story, achievements: about.achievements },
  });
  const { register, control, handleSubmit, setError, formState, watch } = form;
  const achievements = useFieldArray({ control, name: 'achievements' });
  const save = useSaveAbout();
  const [previewing, setPreviewing] = useState(false);
  const e = formState.errors;
  const draft = watch();
  return (
    <PageFormFrame
      id="site-about-form"
      onSubmit={handleSubmit((body) =>
        save.mutate(body, {
          onSuccess: () => toast.success(SITE_ADMIN_MSG.saved('About page')),
          onError: (err) => setServerErrors(err, setError),
        }),
      )}
      saving={save.isPending}
      error={save.isError ? errorMessage(save.error, SITE_ADMIN_MSG.saveError) : null}
      previewing={previewing}
      onTogglePreview={() => setPreviewing((p) => !p)}
      preview={<AboutPreview story={draft.story} achievements={draft.achievements ?? []} />}
    >
      <TextAreaField label="Story" rows={10} error={e.story?.message} {...register('story')} />
      <p className="-mt-3 text-xs text-slate-500">{SITE_ADMIN_MSG.markdownHint}</p>
      <ListFields
        legend="Achievements"
        itemName="Achievement"
        array={achievements}
        blank={{ title: '', text: '' }}
        error={e.achievements?.message}
      >
        {(i) => (
          <>
            <Field
              label="Figure or title"
              placeholder="850+"
              error={e.achievements?.[i]?.title?.message}
              {...register(`achievements.${i}.title`)}
            />
            <Field
              label="Text"
              placeholder="National Law University selections"
              error={e.achievements?.[i]?.text?.message}
              {...register(`achievements.${i}.text`)}
            />
          </>
        )}
      </ListFields>
    </PageFormFrame>
  );
}

/** The FAQ's questions and answers (PUT /api/site/faq). */
export function FaqForm({ faq }: { faq: SiteFaq }) {
  const form = useForm<SiteFaqBody, unknown, z.output<typeof siteFaqBody>>({
    resolver: zodResolver(siteFaqBody),
    defaultValues: { items: faq.items },
  });
  const { register, control, handleSubmit, setError, formState, watch } = form;
  const items = useFieldArray({ control, name: 'items' });
  const save = useSaveFaq();
  const [previewing, setPreviewing] = useState(false);
  const e = formState.errors;
  return (
    <PageFormFrame
      id="site-faq-form"
      onSubmit={handleSubmit((body) =>
        save.mutate(body, {
          onSuccess: () => toast.success(SITE_ADMIN_MSG.saved('FAQ')),
          onError: (err) => setServerErrors(err, setError),
        }),
      )}
      saving={save.isPending}
      error={save.isError ? errorMessage(save.error, SITE_ADMIN_MSG.saveError) : null}
      previewing={previewing}
      onTogglePreview={() => setPreviewing((p) => !p)}
      preview={<FaqPreview items={watch('items') ?? []} />}
    >
      <ListFields legend="Questions" itemName="Question" array={items} blank={{ question: '', answer: '' }} error={e.items?.message}>
        {(i) => (
          <>
            <Field label="Question" error={e.items?.[i]?.question?.message} {...register(`items.${i}.question`)} />
            <TextAreaField label="Answer" rows={3} error={e.items?.[i]?.answer?.message} {...register(`items.${i}.answer`)} />
          </>
        )}
      </ListFields>
    </PageFormFrame>
  );
}
