import type { EnquiryBody, enquiryBody } from '@app/common/schemas/site';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import { useActiveCourses } from '../../../api/courses.ts';
import { useCentres } from '../../../api/centres.ts';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField, TextAreaField } from '../../../components/form-controls.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { useLightForm } from '../../../lib/light-form.tsx';
import { CentresSection } from './centres-section.tsx';
import { PageHeader } from './page-header.tsx';
import { Section } from './section.tsx';

/** The centres' opening hours, as the About page states them. */
const HOURS = 'Monday to Saturday, 9 AM to 7 PM';

/** /contact: each centre's address, phone, hours and map, and the enquiry form (docs/product-site.md). */
export default function ContactScreen() {
  usePageTitle('Contact Us');
  return (
    <>
      <PageHeader eyebrow="Contact us" title="Visit, call or write to us">
        <p>Every centre is open {HOURS}. A counsellor will answer your questions about courses, batches and fees.</p>
      </PageHeader>
      <CentresSection
        id="centres"
        tone="white"
        title="Our centres"
        intro="Call the centre nearest to you, or ask for directions."
        hours={HOURS}
      />
      <Section id="enquiry" tone="muted" title="Send us an enquiry" intro="We will call you back within one working day.">
        <EnquiryForm />
      </Section>
    </>
  );
}

type Form = z.input<typeof enquiryBody>;

function EnquiryForm() {
  const courses = useActiveCourses();
  const centres = useCentres();
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, ready } = useLightForm<Form, z.output<typeof enquiryBody>>({
    schema: () => import('@app/common/schemas/site').then((m) => m.enquiryBody),
    defaultValues: { name: '', phone: '', email: '', course: '', centre: '', message: '' },
  });
  const send = useMutation({
    mutationFn: (body: EnquiryBody) => api<{ _id: string; message: string }>('/api/public/enquiries', { method: 'POST', body }),
    onSuccess: (res) => {
      setSent(res.message);
      reset();
    },
  });
  const onSubmit = handleSubmit((body) => {
    setSent(null);
    send.mutate(body);
  });
  const serverFields = send.error instanceof ApiError ? (send.error.fields ?? {}) : {};
  const errorOf = (name: keyof Form) => formState.errors[name]?.message ?? serverFields[name];
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-4 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2 sm:p-8">
      {sent && (
        <div className="sm:col-span-2">
          <FormAlert tone="success">{sent}</FormAlert>
        </div>
      )}
      {send.error && !Object.keys(serverFields).length && (
        <div className="sm:col-span-2">
          <FormAlert>{send.error.message}</FormAlert>
        </div>
      )}
      <Field label="Name" autoComplete="name" error={errorOf('name')} {...register('name')} />
      <Field label="Phone number" type="tel" autoComplete="tel" error={errorOf('phone')} {...register('phone')} />
      <Field label="Email (optional)" type="email" autoComplete="email" error={errorOf('email')} {...register('email')} />
      <SelectField
        label="Course (optional)"
        error={errorOf('course')}
        options={[{ value: '', label: 'Any course' }, ...(courses.data ?? []).map((c) => ({ value: c._id, label: c.name }))]}
        {...register('course')}
      />
      <SelectField
        label="Centre (optional)"
        error={errorOf('centre')}
        options={[{ value: '', label: 'Any centre' }, ...(centres.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
        {...register('centre')}
      />
      <div className="sm:col-span-2">
        <TextAreaField label="Message" rows={5} error={errorOf('message')} {...register('message')} />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className={buttonClass.primary} disabled={!ready || send.isPending}>
          <Send aria-hidden="true" className="h-4 w-4" />
          {send.isPending ? 'Sending...' : 'Send enquiry'}
        </button>
      </div>
    </form>
  );
}
