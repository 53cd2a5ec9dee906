import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  title: string;
  /** The line under the title, where the screen has one. */
  lead?: ReactNode;
  children: ReactNode;
  /** What stands under the card's body; the "Back to sign in" link unless a screen names its own. */
  footer?: ReactNode;
};

/** The narrow white card the signed-out screens stand in (sign in, forgot and reset password). */
export function AuthCard({ title, lead, children, footer = <BackToSignIn /> }: Props) {
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-xl bg-white p-8 shadow-md">
        <h1 className="text-2xl font-bold text-brand-800">{title}</h1>
        {lead && <p className="mt-1 text-sm text-slate-600">{lead}</p>}
        {children}
        {footer}
      </div>
    </section>
  );
}

function BackToSignIn() {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/login" className="font-medium text-brand-700 hover:underline">
        Back to sign in
      </Link>
    </p>
  );
}
