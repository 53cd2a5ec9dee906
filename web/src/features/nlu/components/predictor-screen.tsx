import { INDIAN_STATES, NLU_CATEGORIES, type NluPrediction, type nluCallBackBody, type nluPredictQuery } from '@app/common/schemas/nlu';
import { formatDay } from '@app/common/rules/dates';
import { PhoneCall, Search } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import { type Column, DataTable } from '../../../components/data-table.tsx';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { SelectField } from '../../../components/form-controls.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useLightForm } from '../../../lib/light-form.tsx';
import { type PredictParams, useNluCalendar, useNluCallBack, useNluPrediction, useNluSource } from '../api/nlu.ts';
import { ChanceBadge } from './chance-badge.tsx';
import { NluHeader, NluSection } from './public-frame.tsx';

// The public NLU helper (docs/product-admissions-desk.md, "NLU counselling helper"): rank, category and
// domicile in; each NLU's last closing rank the institute entered, with likely / borderline / unlikely;
// the source line; and "Ask for a call back", which reaches the admissions desk.

const rankText = (n: number) => n.toLocaleString('en-IN');

export default function PredictorScreen() {
  usePageTitle('NLU Predictor');
  const [asked, setAsked] = useState<PredictParams | null>(null);
  return (
    <>
      <NluHeader eyebrow="CLAT counselling" title="Which NLU can I get with my rank?">
        <p>Enter your CLAT rank and category to see each National Law University's last closing rank for you.</p>
      </NluHeader>
      <NluSection id="predictor" tone="white" title="Your rank">
        <SourceLine />
        <PredictForm onAsk={setAsked} />
        {asked && <Results asked={asked} />}
      </NluSection>
      <CounsellingCalendar />
      <NluSection
        id="call-back"
        tone="muted"
        title="Ask for a call back"
        intro="A counsellor will call you to talk through your options, the counselling rounds and your preferences."
      >
        <CallBackForm asked={asked} />
      </NluSection>
    </>
  );
}

function SourceLine() {
  const source = useNluSource();
  if (!source.data) return null;
  return (
    <p
      data-testid="nlu-source"
      className={`mb-6 max-w-3xl rounded-md p-3 text-sm ${source.data.sample ? 'bg-amber-50 text-amber-900' : 'bg-slate-50 text-slate-700'}`}
    >
      {source.data.note}
    </p>
  );
}

/** The counselling rounds' dates the institute entered; nothing when it entered none. */
function CounsellingCalendar() {
  const calendar = useNluCalendar();
  const entries = calendar.data?.entries ?? [];
  if (entries.length === 0) return null;
  return (
    <NluSection
      id="calendar"
      tone="white"
      title="Counselling calendar"
      intro="The dates of the CLAT counselling rounds, as the institute entered them."
    >
      <ol className="max-w-3xl divide-y divide-slate-100 rounded-2xl bg-slate-50 px-5">
        {entries.map((e) => (
          <li key={`${e.date}|${e.round}|${e.what}`} className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
            <span className="font-semibold text-brand-800">{formatDay(e.date)}</span>
            <span>
              <span className="font-semibold text-slate-900">{e.round}</span>: {e.what}
            </span>
          </li>
        ))}
      </ol>
    </NluSection>
  );
}

type PredictForm = { rank: string; category: string; domicile: string };

const categoryOptions = NLU_CATEGORIES.map((c) => ({ value: c, label: c }));
const stateOptions = [{ value: '', label: 'Not needed' }, ...INDIAN_STATES.map((s) => ({ value: s, label: s }))];

function PredictForm({ onAsk }: { onAsk: (p: PredictParams) => void }) {
  const { register, handleSubmit, formState, ready } = useLightForm<PredictForm, z.output<typeof nluPredictQuery>>({
    schema: () =>
      import('@app/common/schemas/nlu').then(
        (m) => m.nluPredictQuery as unknown as z.ZodType<z.output<typeof nluPredictQuery>, PredictForm>,
      ),
    defaultValues: { rank: '', category: 'General', domicile: '' },
  });
  const onSubmit = handleSubmit((q) => onAsk({ rank: q.rank, category: q.category, domicile: q.domicile ?? undefined }));
  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-3xl grid-cols-1 gap-4 rounded-2xl bg-slate-50 p-5 sm:grid-cols-3 sm:p-6">
      <Field
        label="CLAT rank (All India)"
        inputMode="numeric"
        autoComplete="off"
        error={formState.errors.rank?.message}
        {...register('rank')}
      />
      <SelectField label="Category" options={categoryOptions} error={formState.errors.category?.message} {...register('category')} />
      <SelectField
        label="Domicile (optional)"
        options={stateOptions}
        error={formState.errors.domicile?.message}
        {...register('domicile')}
      />
      <p className="text-sm text-slate-600 sm:col-span-3">
        Your domicile matters where an NLU reserves seats for its state, e.g. NUJS Kolkata for West Bengal.
      </p>
      <div className="sm:col-span-3">
        <button type="submit" className={buttonClass.primary} disabled={!ready}>
          <Search aria-hidden="true" className="h-4 w-4" /> Show my NLUs
        </button>
      </div>
    </form>
  );
}

const columns: Column<NluPrediction>[] = [
  { header: 'NLU', cell: (p) => <span className="font-semibold text-slate-900">{p.nlu}</span>, rowHeader: true, hideInCard: true },
  { header: 'Closing rank', cell: (p) => rankText(p.closingRank) },
  { header: 'Quota', cell: (p) => p.quota },
  { header: 'Year and round', cell: (p) => `${p.year}, ${p.round}` },
  { header: 'Chance', cell: (p) => <ChanceBadge chance={p.chance} />, hideInCard: true },
];

function Results({ asked }: { asked: PredictParams }) {
  const answer = useNluPrediction(asked);
  const source = useNluSource();
  if (answer.isPending) return <p className="mt-6 text-slate-600">Looking up the cut-offs...</p>;
  if (answer.isError)
    return (
      <div className="mt-6">
        <FormAlert>{errorMessage(answer.error, 'Could not look up the cut-offs. Please try again.')}</FormAlert>
      </div>
    );
  const list = answer.data;
  const counts = { likely: 0, borderline: 0, unlikely: 0 };
  for (const p of list) counts[p.chance]++;
  return (
    <div className="mt-8" aria-live="polite">
      <h3 className="text-lg font-semibold text-brand-800">
        Rank {rankText(asked.rank)}, {asked.category}
        {asked.domicile ? `, ${asked.domicile} domicile` : ''}
      </h3>
      {list.length === 0 ? (
        <p className="mt-3 text-slate-700">
          {source.data && source.data.years.length === 0
            ? source.data.note
            : `No NLU has a closing rank for the ${asked.category} category in the data the institute entered. Ask for a call back below.`}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {counts.likely} likely, {counts.borderline} borderline, {counts.unlikely} unlikely. Likely: your rank is within 90% of the
            closing rank; borderline: within 110%; unlikely: beyond it.
          </p>
          <div className="mt-4">
            <DataTable
              rows={list}
              rowKey={(p) => p.nlu}
              columns={columns}
              caption="NLUs and their closing ranks for you"
              cardTitle={(p) => <p className="font-semibold text-slate-900">{p.nlu}</p>}
              cardBadge={(p) => <ChanceBadge chance={p.chance} />}
            />
          </div>
        </>
      )}
    </div>
  );
}

type CallBackForm = { name: string; phone: string; email: string };

function CallBackForm({ asked }: { asked: PredictParams | null }) {
  const send = useNluCallBack();
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, ready } = useLightForm<CallBackForm, z.output<typeof nluCallBackBody>>({
    schema: () =>
      import('@app/common/schemas/nlu').then(
        (m) => m.nluCallBackBody as unknown as z.ZodType<z.output<typeof nluCallBackBody>, CallBackForm>,
      ),
    defaultValues: { name: '', phone: '', email: '' },
  });
  const onSubmit = handleSubmit((body) => {
    setSent(null);
    send.mutate(
      { name: body.name, phone: body.phone, email: body.email, rank: asked?.rank, category: asked?.category },
      {
        onSuccess: (res) => {
          setSent(res.message);
          reset();
        },
      },
    );
  });
  const serverFields = send.error instanceof ApiError ? (send.error.fields ?? {}) : {};
  const errorOf = (name: keyof CallBackForm) => formState.errors[name]?.message ?? serverFields[name];
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid max-w-3xl grid-cols-1 gap-4 rounded-2xl bg-white p-5 shadow-sm sm:grid-cols-3 sm:p-6"
    >
      {sent && (
        <div className="sm:col-span-3">
          <FormAlert tone="success">{sent}</FormAlert>
        </div>
      )}
      {send.error && !Object.keys(serverFields).length && (
        <div className="sm:col-span-3">
          <FormAlert>{send.error.message}</FormAlert>
        </div>
      )}
      <Field label="Name" autoComplete="name" error={errorOf('name')} {...register('name')} />
      <Field label="Phone number" type="tel" autoComplete="tel" error={errorOf('phone')} {...register('phone')} />
      <Field label="Email (optional)" type="email" autoComplete="email" error={errorOf('email')} {...register('email')} />
      <p className="text-sm text-slate-600 sm:col-span-3">
        {asked
          ? `We will pass on your rank (${rankText(asked.rank)}) and category (${asked.category}).`
          : 'Add your rank above first if you know it.'}
      </p>
      <div className="sm:col-span-3">
        <button type="submit" className={buttonClass.primary} disabled={!ready || send.isPending}>
          <PhoneCall aria-hidden="true" className="h-4 w-4" />
          {send.isPending ? 'Sending...' : 'Call me back'}
        </button>
      </div>
    </form>
  );
}
