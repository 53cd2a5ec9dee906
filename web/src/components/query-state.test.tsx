import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryState } from './query-state.tsx';

afterEach(cleanup);

const base = { isPending: false, isError: false, error: null as unknown, data: undefined as string[] | undefined, refetch: vi.fn() };
const show = (query: typeof base) =>
  render(
    <QueryState
      query={query}
      loadingText="Loading courses..."
      errorText={(e) => `Failed: ${String(e)}`}
      isEmpty={(d) => d.length === 0}
      empty="No courses yet"
    >
      {(d) => <p>{d.join(', ')}</p>}
    </QueryState>,
  );

describe('QueryState', () => {
  it('shows the spinner while loading', () => {
    show({ ...base, isPending: true });
    expect(screen.getByRole('status').textContent).toContain('Loading courses...');
  });

  it('shows the error with Retry, which refetches', () => {
    const refetch = vi.fn();
    show({ ...base, isError: true, error: 'timeout', refetch });
    expect(screen.getByRole('alert').textContent).toContain('Failed: timeout');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state, then the data', () => {
    show({ ...base, data: [] });
    expect(screen.getByText('No courses yet')).toBeTruthy();
    cleanup();
    show({ ...base, data: ['CLAT', 'AILET'] });
    expect(screen.getByText('CLAT, AILET')).toBeTruthy();
  });

  it('shows placeholders of its own while loading, when given', () => {
    render(
      <QueryState query={{ ...base, isPending: true }} errorText="x" loading={<p>Three grey cards</p>}>
        {() => <p>data</p>}
      </QueryState>,
    );
    expect(screen.getByText('Three grey cards')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a failure its own way when errorView answers, and the message with Retry when it does not', () => {
    const view = (error: unknown) => (error === 'not found' ? <p>No admission record yet.</p> : null);
    const one = (error: unknown) =>
      render(
        <QueryState query={{ ...base, isError: true, error }} errorText="Failed to load" errorView={view}>
          {() => <p>data</p>}
        </QueryState>,
      );
    one('not found');
    expect(screen.getByText('No admission record yet.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    one('timeout');
    expect(screen.getByRole('alert').textContent).toContain('Failed to load');
  });
});
