import type { ParentChild } from '@app/common/schemas/parents';
import { GraduationCap, LogOut, Settings } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/field.tsx';
import { usePageTitle } from '../../../components/page-title.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useChildOverview, useChildren } from '../api/parent.ts';
import { ChildOverviewView, type OverviewSlots } from './child-overview.tsx';

const childName = (c: ParentChild) => `${c.firstName} ${c.lastName}`.trim();
const placeOf = (c: ParentChild) => [c.course, c.batch, c.centre].filter(Boolean).join(' · ');

/** One card per child; with two, the cards switch between them (the chosen one is in the address: ?child=). */
function ChildCards({ list: children, chosen, onChoose }: { list: ParentChild[]; chosen: string; onChoose: (id: string) => void }) {
  const many = children.length > 1;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Your children">
      {children.map((c) => {
        const on = c._id === chosen;
        const body = (
          <>
            <span className="flex items-center gap-2 font-semibold text-slate-900">
              <GraduationCap aria-hidden="true" className="h-5 w-5 text-brand-700" /> {childName(c)}
            </span>
            <span className="mt-1 block text-sm text-slate-600">{placeOf(c) || 'Not yet placed in a batch'}</span>
            {c.registrationNumber && <span className="block text-xs text-slate-500">Registration {c.registrationNumber}</span>}
          </>
        );
        return (
          <li key={c._id} data-testid="child-card">
            {many ? (
              <button
                type="button"
                aria-pressed={on}
                onClick={() => onChoose(c._id)}
                className={`w-full rounded-xl border-2 bg-white p-4 text-left shadow-sm ${on ? 'border-brand-700' : 'border-transparent hover:border-slate-300'}`}
              >
                {body}
              </button>
            ) : (
              <div className="rounded-xl border-2 border-brand-700 bg-white p-4 shadow-sm">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Overview({ child, slots }: { child: ParentChild; slots?: OverviewSlots }) {
  const overview = useChildOverview(child._id);
  return (
    <div className="mt-6">
      <h2 className="sr-only">{childName(child)}</h2>
      <QueryState
        query={overview}
        loadingText={`Loading ${child.firstName}'s record...`}
        errorText={(e) => errorMessage(e, 'Failed to load the record')}
      >
        {(o) => <ChildOverviewView childId={child._id} overview={o} slots={slots} />}
      </QueryState>
    </div>
  );
}

/** The parent's area (/parent, docs/product-parents.md): their children and the chosen child's record. */
export function ParentHome({ slots }: { slots?: OverviewSlots }) {
  usePageTitle("Parent's area");
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const children = useChildren();
  const [params, setParams] = useSearchParams();
  return (
    <section className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-brand-700">Law Coaching Institute</p>
          <h1 className="text-2xl font-bold text-brand-800">Parent's area</h1>
          {user && <p className="text-sm text-slate-600">Signed in as {`${user.firstName} ${user.lastName}`.trim()}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/parent/preferences" className={buttonClass.secondary}>
            <Settings aria-hidden="true" className="h-4 w-4" /> Alerts and password
          </Link>
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => {
              logout();
              navigate('/');
            }}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" /> Sign out
          </button>
        </div>
      </div>
      <div className="mt-6">
        <QueryState
          query={children}
          loadingText="Loading your children..."
          errorText={(e) => errorMessage(e, 'Failed to load your children')}
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState
              title="No student is linked to your number yet"
              hint="The institute links a student to you when their admission is approved. Please contact the office if this is wrong."
            />
          }
        >
          {(list) => {
            const chosen = list.find((c) => c._id === params.get('child')) ?? list[0];
            return (
              <>
                <ChildCards
                  list={list}
                  chosen={chosen._id}
                  onChoose={(id) =>
                    setParams(
                      (p) => {
                        p.set('child', id);
                        return p;
                      },
                      { replace: true },
                    )
                  }
                />
                <Overview key={chosen._id} child={chosen} slots={slots} />
              </>
            );
          }}
        </QueryState>
      </div>
    </section>
  );
}
