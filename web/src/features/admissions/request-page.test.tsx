import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { centresQuery } from '../../api/centres.ts';
import { activeCoursesQuery } from '../../api/courses.ts';
import AdmissionRequestPage from './request-page.tsx';

// A course card's "Request Admission" links to /admission-request?course=<id>: the form opens with
// that course chosen.

afterEach(cleanup);

const course = (id: string, name: string) =>
  ({ _id: id, name, price: 2500000, features: [], feeType: 'one_time', duration: '1 year', description: '' }) as never;

function show(url: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
  qc.setQueryData(activeCoursesQuery.queryKey, [course('c-1', 'CLAT Foundation'), course('c-2', 'AILET Crash Course')]);
  qc.setQueryData(centresQuery.queryKey, []);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[url]}>
        <AdmissionRequestPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// The choices load lazily: a busy machine can take over a second to import them.
const LOADED = { timeout: 10_000 };

// The disabled placeholder select is replaced by the real one once the choices have loaded.
const courseSelect = () =>
  waitFor(() => {
    const select = screen.getByRole('combobox', { name: /Course/ }) as HTMLSelectElement;
    expect(select.disabled).toBe(false);
    return select;
  }, LOADED);

describe('Request Admission: the course from the link', () => {
  it('is chosen when the link names an open course', async () => {
    show('/admission-request?course=c-2');
    const select = await courseSelect();
    await waitFor(() => expect(select.value).toBe('c-2'), LOADED);
  });

  it('is left to the visitor without a course, or with one that is not open', async () => {
    show('/admission-request?course=gone');
    expect((await courseSelect()).value).toBe('');
    cleanup();
    show('/admission-request');
    expect((await courseSelect()).value).toBe('');
  });
});
