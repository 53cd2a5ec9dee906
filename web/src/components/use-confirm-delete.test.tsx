import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { type DeleteMutation, useConfirmDelete } from './use-confirm-delete.tsx';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

type Row = { id: string; name: string };
const row: Row = { id: 'b1', name: 'CLAT Morning 2026' };

/** A mutation that answers at once, with `outcome`. */
function fakeMutation(outcome: { ok: { message: string } } | { fail: unknown }) {
  const mutate = vi.fn<DeleteMutation<{ message: string }>['mutate']>((_id, callbacks) => {
    if ('ok' in outcome) callbacks.onSuccess(outcome.ok);
    else callbacks.onError(outcome.fail);
  });
  return { mutate, isPending: false } satisfies DeleteMutation<{ message: string }>;
}

function Harness({ mutation, closeOnError }: { mutation: DeleteMutation<{ message: string }>; closeOnError: boolean }) {
  const deletion = useConfirmDelete({
    mutation,
    idOf: (r: Row) => r.id,
    title: 'Delete batch?',
    message: (r) => <p>{`${r.name} will be removed.`}</p>,
    deleted: (answer) => answer.message,
    failed: 'Could not delete the batch.',
    closeOnError,
  });
  return (
    <>
      <button type="button" onClick={() => deletion.ask(row)}>
        Delete {row.name}
      </button>
      {deletion.dialog}
    </>
  );
}

const open = () => fireEvent.click(screen.getByRole('button', { name: `Delete ${row.name}` }));
const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Delete' }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('useConfirmDelete', () => {
  it('asks first, naming the record, and deletes nothing until confirmed', () => {
    const mutation = fakeMutation({ ok: { message: 'Batch deleted' } });
    render(<Harness mutation={mutation} closeOnError />);
    expect(screen.queryByRole('dialog')).toBeNull();
    open();
    expect(screen.getByRole('dialog', { name: 'Delete batch?' }).textContent).toContain('CLAT Morning 2026 will be removed.');
    expect(mutation.mutate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mutation.mutate).not.toHaveBeenCalled();
  });

  it('deletes by id on confirmation, says so and closes', () => {
    const mutation = fakeMutation({ ok: { message: 'Batch deleted' } });
    render(<Harness mutation={mutation} closeOnError />);
    open();
    confirm();
    expect(mutation.mutate).toHaveBeenCalledWith('b1', expect.anything());
    expect(toast.success).toHaveBeenCalledWith('Batch deleted');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's reason for a refusal and closes when the page says so", () => {
    render(<Harness mutation={fakeMutation({ fail: new ApiError(409, 'A batch with students cannot be deleted') })} closeOnError />);
    open();
    confirm();
    expect(toast.error).toHaveBeenCalledWith('A batch with students cannot be deleted');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog open after a failure when the page wants a retry, with its own message', () => {
    render(<Harness mutation={fakeMutation({ fail: new Error('offline') })} closeOnError={false} />);
    open();
    confirm();
    expect(toast.error).toHaveBeenCalledWith('Could not delete the batch.');
    expect(screen.getByRole('dialog', { name: 'Delete batch?' })).toBeTruthy();
  });
});
