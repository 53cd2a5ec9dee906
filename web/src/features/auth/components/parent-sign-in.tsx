import { PARENT_MSG, parentCodeBody, parentPasswordLoginBody, parentVerifyBody } from '@app/common/schemas/parents';
import { KeyRound, LogIn, MessageSquareText } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { buttonClass, Field, FormAlert } from '../../../components/field.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { PasswordField } from './password-field.tsx';

type Step = 'phone' | 'code' | 'password';
type Errors = Partial<Record<'phone' | 'code' | 'password', string>>;

/** The first message of each field a schema refuses (the server answers the same messages). */
function fieldErrors(error: z.ZodError): Errors {
  const out: Errors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0]) as keyof Errors;
    out[key] ??= issue.message;
  }
  return out;
}

const failure = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);

/**
 * A parent's sign-in (docs/product-parents.md "Signing in"): the mobile number, then the 6-digit code sent
 * to it by SMS (POST /api/auth/parent/code, then /verify), or the password a parent set. The code's answer
 * is the same whether or not the number is known, so the screen always goes on to the code.
 */
export default function ParentSignIn({ initialPhone = '' }: { initialPhone?: string }) {
  const { signInWith } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const typed = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value);
    setAlert(null);
  };

  const sendCode = async () => {
    const parsed = parentCodeBody.safeParse({ phone });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setAlert(null);
    setBusy(true);
    try {
      const answer = await api<{ message?: string }>('/api/auth/parent/code', {
        method: 'POST',
        body: parsed.data,
        skipAuthRedirect: true,
      });
      setSent(answer?.message ?? PARENT_MSG.codeSent);
      setCode('');
      setStep('code');
    } catch (err) {
      setAlert(failure(err, 'Could not send the code. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const signIn = async (path: string, body: unknown) => {
    setBusy(true);
    setAlert(null);
    try {
      await signInWith(path, body, true);
      navigate('/parent');
    } catch (err) {
      setAlert(failure(err, 'Sign in failed'));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (step === 'phone') return void sendCode();
    const schema = step === 'code' ? parentVerifyBody : parentPasswordLoginBody;
    const parsed = schema.safeParse(step === 'code' ? { phone, code } : { phone, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    void signIn(step === 'code' ? '/api/auth/parent/verify' : '/api/auth/parent/login', parsed.data);
  };

  const changeNumber = () => {
    setStep('phone');
    setSent(null);
    setAlert(null);
    setErrors({});
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4" aria-label="Parent sign in">
      {alert && <FormAlert>{alert}</FormAlert>}
      {step === 'code' && sent && <FormAlert tone="success">{sent}</FormAlert>}
      <Field
        label="Mobile number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="98765 43210"
        value={phone}
        onChange={typed(setPhone)}
        readOnly={step === 'code'}
        error={errors.phone}
        hint={
          step === 'code' ? (
            <button type="button" className="self-start text-sm font-medium text-brand-700 hover:underline" onClick={changeNumber}>
              Change number
            </button>
          ) : (
            <p className="text-xs text-slate-500">The number the institute has for you as a parent or guardian.</p>
          )
        }
      />
      {step === 'code' && (
        <Field
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={code}
          onChange={typed((v) => setCode(v.replace(/\D/g, '')))}
          error={errors.code}
          className="tracking-[0.4em]"
          autoFocus
        />
      )}
      {step === 'password' && (
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={typed(setPassword)}
          error={errors.password}
          autoFocus
        />
      )}
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {step === 'phone' ? (
          <>
            <MessageSquareText aria-hidden="true" className="h-4 w-4" />
            {busy ? 'Sending...' : 'Send code'}
          </>
        ) : (
          <>
            <LogIn aria-hidden="true" className="h-4 w-4" />
            {busy ? 'Signing in...' : 'Sign in'}
          </>
        )}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        {step === 'code' && (
          <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => void sendCode()} disabled={busy}>
            Resend code
          </button>
        )}
        {step === 'password' ? (
          <button type="button" className="font-medium text-brand-700 hover:underline" onClick={changeNumber}>
            Sign in with a code instead
          </button>
        ) : (
          <button
            type="button"
            className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
            onClick={() => {
              setStep('password');
              setAlert(null);
              setErrors({});
            }}
          >
            <KeyRound aria-hidden="true" className="h-4 w-4" />
            Use a password instead
          </button>
        )}
      </div>
    </form>
  );
}
