import type { User } from '@app/common/schemas/auth';
import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="break-words font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** The student's profile. */
export function ProfileCard({ user }: { user: User }) {
  return (
    <section aria-label="Profile" className="rounded-xl bg-white p-5 shadow-sm">
      <h2 className="mb-4 flex items-center gap-2 text-lg font-semibold text-brand-800">
        <UserRound aria-hidden="true" className="h-5 w-5" /> Profile
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        <Item label="Name">{user.fullName}</Item>
        <Item label="Email">{user.email}</Item>
        <Item label="Registration number">{user.registrationNumber ?? '—'}</Item>
        <Item label="Centre">{user.centreDetails?.name ?? '—'}</Item>
        <Item label="Course interest">{user.courseInterest ?? '—'}</Item>
        <Item label="Phone">{user.phone ?? 'Not provided'}</Item>
      </dl>
    </section>
  );
}
