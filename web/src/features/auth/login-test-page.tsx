import { useState } from 'react';
import { api, errorMessage } from '../../lib/api-client.ts';
import { buttonClass, Field } from '../../components/field.tsx';
import { usePageTitle } from '../../components/page-title.ts';

/** Developer page (docs/product.md section 2): calls POST /api/auth/login and shows the raw answer. Not in production. */
export default function LoginTestPage() {
  usePageTitle('Login test');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [result, setResult] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const run = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const data = await api<unknown>('/api/auth/login', { method: 'POST', body: { email, password }, skipAuthRedirect: true });
      setResult(JSON.stringify(data, null, 2));
    } catch (err) {
      setResult(`Error: ${errorMessage(err, 'Login failed')}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-brand-800">Login test</h1>
      <p className="mt-1 text-sm text-slate-600">Developer tool: tries a sign-in without keeping the session.</p>
      <form onSubmit={run} className="mt-6 flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm">
        <Field label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field label="Password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <button className={buttonClass.primary} type="submit" disabled={busy}>
          {busy ? 'Testing...' : 'Test login'}
        </button>
      </form>
      {result && (
        <pre data-testid="login-test-result" className="mt-6 overflow-auto rounded-lg bg-slate-900 p-4 text-xs text-slate-100">
          {result}
        </pre>
      )}
    </section>
  );
}
