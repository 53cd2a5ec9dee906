import { ENQUIRY_MSG } from '@app/common/schemas/enquiries';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnquiryFormModal } from './enquiry-form.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const kasba = { id: 'kasba', name: 'Kasba', location: 'Kolkata', address: '1 Rashbehari Avenue', phone: '03324600000', facilities: [] };

/** The server: one centre for this staff member, no courses, and `saved` as the answer to the new enquiry. */
function serve(saved: { status: number; body: unknown }) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const answer = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
    if (url === '/api/centres/mine') return answer(200, [kasba]);
    if (url === '/api/courses') return answer(200, []);
    if (url === '/api/enquiries' && init?.method === 'POST') return answer(saved.status, saved.body);
    return answer(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/admin/enquiries']}>
        <Routes>
          <Route path="/admin/enquiries" element={<EnquiryFormModal open onOpenChange={() => {}} />} />
          <Route path="/admin/enquiries/:id" element={<p>Enquiry page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const fill = () => {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Riya Paul' } });
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '98300 12345' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save enquiry' }));
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the desk’s New enquiry form', () => {
  it('a staff member of one centre records for it, from a walk-in by default', async () => {
    const fetch = serve({ status: 201, body: { _id: 'e1', merged: false, message: ENQUIRY_MSG.created } });
    await waitFor(() => expect((screen.getByLabelText('Centre') as HTMLSelectElement).value).toBe('kasba'));
    fill();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ENQUIRY_MSG.created));
    const post = fetch.mock.calls.find(([url]) => url === '/api/enquiries');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Riya Paul', phone: '98300 12345', centre: 'kasba', source: 'walk_in' });
  });

  it('a person who had already enquired: the toast says so and their enquiry opens', async () => {
    serve({ status: 201, body: { _id: 'e9', merged: true, message: ENQUIRY_MSG.merged } });
    await waitFor(() => expect((screen.getByLabelText('Centre') as HTMLSelectElement).value).toBe('kasba'));
    fill();
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith(ENQUIRY_MSG.merged));
    expect(await screen.findByText('Enquiry page')).toBeTruthy();
  });

  it('the server’s field errors land on their fields', async () => {
    serve({ status: 400, body: { message: 'Invalid input', code: 'VALIDATION', fields: { phone: 'Please enter a valid phone number' } } });
    await waitFor(() => expect((screen.getByLabelText('Centre') as HTMLSelectElement).value).toBe('kasba'));
    fill();
    const error = await screen.findByText('Please enter a valid phone number');
    expect(screen.getByLabelText('Phone number').getAttribute('aria-describedby')).toBe(error.id);
  });
});
