import {
  type ChangeEvent,
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { z } from 'zod';

/**
 * The public forms (sign-in, forgot password, admission request and status): the subset of
 * react-hook-form they use (register, handleSubmit, formState.errors, watch, reset, a provider),
 * validated with the shared zod schema like everywhere else, but with the schema (and zod, about
 * 26 KB gzip) loaded after the first render instead of before it. react-hook-form and zod together
 * would nearly double the public pages' first-render script (docs/decisions/0005-one-form-approach.md).
 * Inputs are uncontrolled, as with react-hook-form; validation runs on submit, then again on every
 * change once the form was submitted.
 */

type Values = Record<string, unknown>;
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type FieldErrors<T> = Partial<Record<keyof T & string, { message: string }>>;

export type LightForm<TIn extends Values, TOut> = {
  register: (
    name: keyof TIn & string,
    options?: { onChange?: (event: ChangeEvent<Control>) => void },
  ) => {
    name: string;
    ref: (el: Control | null) => void;
    onChange: (event: ChangeEvent<Control>) => void;
    /** The default in the server's HTML, so the page shows it before the script runs. */
    defaultValue?: string;
    defaultChecked?: boolean;
  };
  handleSubmit: (onValid: (data: TOut) => unknown) => (event?: FormEvent) => Promise<void>;
  formState: { errors: FieldErrors<TIn> };
  watch: <K extends keyof TIn & string>(name: K) => TIn[K];
  reset: (values?: Partial<TIn>) => void;
  /**
   * False while React takes over the server's HTML (hydration), true from then on. The submit button waits
   * for it: a form sent before the page's script runs would be the browser's own GET, the password in the
   * address.
   */
  ready: boolean;
  /** Sets one field's value, as if the user had chosen it (no validation until the form was submitted). */
  setValue: <K extends keyof TIn & string>(name: K, value: TIn[K]) => void;
};

// Shown when the validation code cannot be fetched (offline, or a new version was deployed).
const VALIDATION_UNAVAILABLE = 'Could not check the form. Check your connection and try again.';

const readValue = (el: Control) => (el instanceof HTMLInputElement && el.type === 'checkbox' ? el.checked : el.value);
const writeValue = (el: Control, value: unknown) => {
  if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = Boolean(value);
  else el.value = value == null ? '' : String(value);
};

/** Whether the visitor changed an input or text area from the HTML it arrived with (a select is left as it is). */
const isChangedByVisitor = (el: Control) =>
  el instanceof HTMLInputElement && el.type === 'checkbox'
    ? el.checked !== el.defaultChecked
    : !(el instanceof HTMLSelectElement) && el.value !== el.defaultValue;

const htmlDefault = (value: unknown): { defaultValue?: string; defaultChecked?: boolean } =>
  typeof value === 'boolean' ? { defaultChecked: value } : value == null ? {} : { defaultValue: String(value) };

const noSubscription = () => () => {};

/** False during hydration (the server's snapshot), true in the browser after it and on a client render. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function onIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 300);
  return () => window.clearTimeout(id);
}

export function useLightForm<TIn extends Values, TOut = TIn>({
  schema,
  defaultValues,
}: {
  /** Loads the shared schema, e.g. `() => import('@app/common/schemas/auth').then((m) => m.loginBody)`. */
  schema: () => Promise<z.ZodType<TOut, TIn>>;
  defaultValues: Partial<TIn>;
}): LightForm<TIn, TOut> {
  const values = useRef<Values>({ ...defaultValues });
  const controls = useRef(new Map<string, Control>());
  const refs = useRef(new Map<string, (el: Control | null) => void>());
  const watched = useRef(new Set<string>());
  const isSubmitted = useRef(false);
  const latest = useRef(0);
  const loaded = useRef<Promise<z.ZodType<TOut, TIn>> | null>(null);
  const [errors, setErrors] = useState<FieldErrors<TIn>>({});
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const ready = useHydrated();
  const isHydrating = useRef(!ready);
  isHydrating.current = !ready;

  const loadSchema = useRef(() => {
    loaded.current ??= schema().catch((err) => {
      loaded.current = null;
      throw err;
    });
    return loaded.current;
  }).current;

  // Fetch the validation code while the visitor reads the form, so submitting does not wait for it.
  useEffect(() => onIdle(() => void loadSchema().catch(() => undefined)), [loadSchema]);

  const validate = useCallback(async (): Promise<{ data: TOut } | { errors: FieldErrors<TIn> }> => {
    let parser: z.ZodType<TOut, TIn>;
    try {
      parser = await loadSchema();
    } catch (err) {
      console.error('form validation could not load', err);
      const first = [...controls.current.keys()][0] ?? '';
      return { errors: { [first]: { message: VALIDATION_UNAVAILABLE } } as FieldErrors<TIn> };
    }
    const result = await parser.safeParseAsync(values.current);
    if (result.success) return { data: result.data };
    const found: Record<string, { message: string }> = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key && !found[key]) found[key] = { message: issue.message };
    }
    return { errors: found as FieldErrors<TIn> };
  }, [loadSchema]);

  const revalidate = async () => {
    const run = ++latest.current;
    const result = await validate();
    if (run === latest.current) setErrors('errors' in result ? result.errors : {});
  };

  const refFor = (name: string) => {
    let ref = refs.current.get(name);
    if (!ref) {
      ref = (el) => {
        if (!el) {
          controls.current.delete(name);
          return;
        }
        controls.current.set(name, el);
        // What the visitor typed into the server's HTML before the script ran is theirs: kept, not reset.
        if (isHydrating.current && isChangedByVisitor(el)) {
          values.current[name] = readValue(el);
          return;
        }
        writeValue(el, values.current[name]);
      };
      refs.current.set(name, ref);
    }
    return ref;
  };

  return {
    register: (name, options) => ({
      name,
      ref: refFor(name),
      ...htmlDefault(defaultValues[name]),
      onChange: (event) => {
        values.current[name] = readValue(event.target);
        options?.onChange?.(event);
        if (watched.current.has(name)) rerender();
        if (isSubmitted.current) void revalidate();
      },
    }),
    handleSubmit: (onValid) => async (event) => {
      event?.preventDefault();
      isSubmitted.current = true;
      const run = ++latest.current;
      const result = await validate();
      if (run !== latest.current) return;
      if ('errors' in result) {
        setErrors(result.errors);
        // Like react-hook-form: focus the first field (in page order) that has an error.
        const invalid = [...controls.current.entries()]
          .filter(([name]) => name in result.errors)
          .map(([, el]) => el)
          .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
        invalid[0]?.focus();
        return;
      }
      setErrors({});
      await onValid(result.data);
    },
    formState: { errors },
    ready,
    watch: (name) => {
      watched.current.add(name);
      return values.current[name] as TIn[typeof name];
    },
    setValue: (name, value) => {
      values.current[name] = value;
      const el = controls.current.get(name);
      if (el) writeValue(el, value);
      if (watched.current.has(name)) rerender();
      if (isSubmitted.current) void revalidate();
    },
    reset: (next = defaultValues) => {
      values.current = { ...next };
      for (const [name, el] of controls.current) writeValue(el, values.current[name]);
      isSubmitted.current = false;
      latest.current++;
      setErrors({});
      rerender();
    },
  };
}

// Holds a form of any shape; useLightFormContext gives it its type back.
const LightFormContext = createContext<unknown>(null);

export function LightFormProvider<TIn extends Values, TOut>({ form, children }: { form: LightForm<TIn, TOut>; children: ReactNode }) {
  return <LightFormContext.Provider value={form}>{children}</LightFormContext.Provider>;
}

export function useLightFormContext<TIn extends Values, TOut = TIn>(): LightForm<TIn, TOut> {
  const form = useContext(LightFormContext);
  if (!form) throw new Error('useLightFormContext must be used inside LightFormProvider');
  return form as LightForm<TIn, TOut>;
}
