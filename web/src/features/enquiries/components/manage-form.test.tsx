import { ENQUIRY_MSG, type EnquiryDetail } from '@app/common/schemas/enquiries';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../lib/auth.tsx';
import { changesOf, ManageForm } from './manage-form.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const enquiry: EnquiryDetail = {
  _id: 'e1',
  name: 'Riya Paul',
  phone: '9830012345',
  email: null,
  classYear: 'Class 12',
  course: null,
  centre: { id: 'kasba', name: 'Kasba' },
  source: 'walk_in',
  stage: 'contacted',
  lostReason: null,
  owner: null,
  message: '',
  notes: 'Wants the evening batch',
  nextFollowUp: '2026-12-08',
  stale: false,
  lastActivityAt: '2026-12-07T05:00:00.000Z',
  createdAt: '2026-12-07T05:00:00.000Z',
  activities: [],
};

/** The calls that write (the owner list's read aside). */
const writes = (fetch: ReturnType<typeof renderForm>) => fetch.mock.calls.filter(([, init]) => init?.method !== 'GET');

function renderForm() {
  // The owner select asks who may own a Kasba enquiry; the save answers the enquiry as changed.
  const fetch = vi.fn((url: string, _init?: RequestInit) =>
    Promise.resolve(
      new Response(
        JSON.stringify(url.startsWith('/api/enquiries/owners') ? { owners: [] } : { ...enquiry, stage: 'lost', lostReason: 'fees' }),
        {
          status: 200,
        },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <AuthProvider>
        <ManageForm enquiry={enquiry} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the enquiry’s stage form', () => {
  it('choosing Lost asks why, and sends nothing until a reason is chosen', async () => {
    const fetch = renderForm();
    expect(screen.queryByLabelText('Why was it lost?')).toBeNull();
    fireEvent.change(screen.getByLabelText('Stage'), { target: { value: 'lost' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(ENQUIRY_MSG.lostReasonRequired)).toBeTruthy();
    expect(writes(fetch)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Why was it lost?'), { target: { value: 'fees' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes(fetch)).toHaveLength(1));
    const [url, init] = writes(fetch)[0];
    expect(url).toBe('/api/enquiries/e1');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ stage: 'lost', lostReason: 'fees' });
  });
});

describe('changesOf', () => {
  const values = {
    stage: 'contacted',
    lostReason: '',
    owner: '',
    nextFollowUp: '2026-12-08',
    notes: 'Wants the evening batch',
    classYear: 'Class 12',
  } as const;

  it('sends only what changed: no stage move that did not happen', () => {
    expect(changesOf({ ...values, notes: 'Called back' }, enquiry)).toEqual({ notes: 'Called back' });
    expect(changesOf({ ...values }, enquiry)).toEqual({});
  });

  it('a cleared follow-up or owner is null, a new owner their id', () => {
    expect(changesOf({ ...values, nextFollowUp: '' }, enquiry)).toEqual({ nextFollowUp: null });
    expect(changesOf({ ...values, owner: 'u1' }, enquiry)).toEqual({ owner: 'u1' });
    expect(changesOf({ ...values, owner: '' }, { ...enquiry, owner: { _id: 'u1', name: 'Rina' } })).toEqual({ owner: null });
  });
});
