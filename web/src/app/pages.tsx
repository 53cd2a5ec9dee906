import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Spinner } from '../components/spinner.tsx';
import { RequireRole } from './guard.tsx';

/**
 * Marks the document once a page's own code has run and its content answers clicks (after hydration of a
 * page the server rendered, and after the first render of any other): `<html data-hydrated>`. Until then a
 * click on a server-rendered button does nothing; the browser journeys wait for it (e2e/fixtures.ts).
 */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}

// Every page is its own chunk: a visitor never downloads admin, exam or payment code.
export const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense
      fallback={
        <div className="flex min-h-[50vh] items-center justify-center">
          <Spinner />
        </div>
      }
    >
      <Page />
      <MarkHydrated />
    </Suspense>
  );
};
export const student = (el: ReactNode) => <RequireRole requires="student">{el}</RequireRole>;
export const admin = (el: ReactNode) => <RequireRole requires="admin">{el}</RequireRole>;
export const parent = (el: ReactNode) => <RequireRole requires="parent">{el}</RequireRole>;
