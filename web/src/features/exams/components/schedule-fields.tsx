import { fromIstInput, toIstInput } from '@app/common/rules/dates';
import type { ExamMode } from '@app/common/schemas/exam-schedule';
import type { ExamAdmin } from '@app/common/schemas/exam-views';
import { useBatches } from '../../../api/batches.ts';
import { useCentres } from '../../../api/centres.ts';
import { useActiveCourses } from '../../../api/courses.ts';
import { Field } from '../../../components/field.tsx';
import { SelectField } from '../../../components/form-controls.tsx';

/** The exam form's schedule: who may take the exam (audience), when (IST window) and its mode. */
export type ScheduleDraft = {
  openToAll: boolean;
  courses: string[];
  batches: string[];
  centres: string[];
  opensAt: string;
  closesAt: string;
  mode: ExamMode;
};

export const scheduleDraftOf = (exam: ExamAdmin | null): ScheduleDraft => ({
  openToAll: exam?.openToAll ?? false,
  courses: exam?.audience.courses ?? [],
  batches: exam?.audience.batches ?? [],
  centres: exam?.audience.centres ?? [],
  opensAt: toIstInput(exam?.opensAt),
  closesAt: toIstInput(exam?.closesAt),
  mode: exam?.mode ?? 'ranked',
});

/** The body's schedule fields; with no audience chosen, the exam's own course (the server's default). */
export const scheduleToInput = (d: ScheduleDraft, course: string) => ({
  openToAll: d.openToAll,
  audience:
    d.courses.length + d.batches.length + d.centres.length === 0 && course
      ? { courses: [course], batches: [], centres: [] }
      : { courses: d.courses, batches: d.batches, centres: d.centres },
  opensAt: fromIstInput(d.opensAt),
  closesAt: fromIstInput(d.closesAt),
  mode: d.mode,
});

type Option = { _id: string; name: string };

function Choices({
  legend,
  options,
  value,
  onChange,
  disabled,
}: {
  legend: string;
  options: Option[];
  value: string[];
  onChange: (v: string[]) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 p-3" disabled={disabled}>
      <legend className="px-1 text-sm font-medium text-slate-700">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-slate-600">None yet.</p>
      ) : (
        <div className="grid max-h-40 gap-1 overflow-y-auto">
          {options.map((o) => (
            <label key={o._id} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={value.includes(o._id)}
                onChange={(ev) => onChange(ev.target.checked ? [...value, o._id] : value.filter((x) => x !== o._id))}
              />
              <span className="break-words">{o.name}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

type Props = { value: ScheduleDraft; onChange: (d: ScheduleDraft) => void; errors: Record<string, string> };

export function ScheduleFields({ value, onChange, errors }: Props) {
  const courses = useActiveCourses();
  const batches = useBatches({ status: 'active' });
  const centres = useCentres();
  const set = (patch: Partial<ScheduleDraft>) => onChange({ ...value, ...patch });
  const audienceError = errors.audience ?? errors['audience.courses'] ?? errors['audience.batches'] ?? errors['audience.centres'];
  return (
    <section aria-labelledby="schedule-heading" className="grid gap-4 rounded-lg border border-slate-200 p-4">
      <div>
        <h3 id="schedule-heading" className="text-lg font-semibold text-brand-800">
          Who and when
        </h3>
        <p className="text-sm text-slate-600">
          Students see the exam if they are in any course, batch or centre chosen. Nothing chosen: the exam's own course.
        </p>
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" checked={value.openToAll} onChange={(ev) => set({ openToAll: ev.target.checked })} />
        Open to all students
      </label>
      <div className="grid gap-3 md:grid-cols-3">
        <Choices
          legend="Courses"
          options={courses.data ?? []}
          value={value.courses}
          onChange={(v) => set({ courses: v })}
          disabled={value.openToAll}
        />
        <Choices
          legend="Batches"
          options={batches.data ?? []}
          value={value.batches}
          onChange={(v) => set({ batches: v })}
          disabled={value.openToAll}
        />
        <Choices
          legend="Centres"
          options={(centres.data ?? []).map((c) => ({ _id: c.id, name: c.name }))}
          value={value.centres}
          onChange={(v) => set({ centres: v })}
          disabled={value.openToAll}
        />
      </div>
      {audienceError && <p className="text-sm text-red-700">{audienceError}</p>}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Opens at (IST, optional)"
          type="datetime-local"
          value={value.opensAt}
          onChange={(ev) => set({ opensAt: ev.target.value })}
          error={errors.opensAt}
        />
        <Field
          label="Closes at (IST, optional)"
          type="datetime-local"
          value={value.closesAt}
          onChange={(ev) => set({ closesAt: ev.target.value })}
          error={errors.closesAt}
        />
        <SelectField
          label="Mode"
          value={value.mode}
          onChange={(ev) => set({ mode: ev.target.value as ExamMode })}
          error={errors.mode}
          options={[
            { value: 'ranked', label: 'Ranked (one attempt)' },
            { value: 'practice', label: 'Practice (unranked, re-attempts)' },
          ]}
        />
      </div>
    </section>
  );
}
