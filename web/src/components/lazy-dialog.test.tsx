import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyDialog, lazyWithPreload } from './lazy-dialog.tsx';

type Props = { open: boolean; name: string };
const Dialog = ({ open, name }: Props) => (open ? <p>{`Dialog for ${name}`}</p> : <p>closed</p>);

/** A lazily loaded dialog whose code arrives when the test says so; `load` counts the fetches. */
function deferredDialog() {
  let arrive: () => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<typeof Dialog>((resolve) => {
        arrive = () => resolve(Dialog);
      }),
  );
  const Lazy = lazyWithPreload(load);
  return { Lazy, load, arrive: () => act(async () => arrive()) };
}

function Page({ Lazy, open }: { Lazy: ReturnType<typeof deferredDialog>['Lazy']; open: boolean }) {
  return (
    <LazyDialog open={open}>
      <Lazy open={open} name="CLAT Morning" />
    </LazyDialog>
  );
}

afterEach(cleanup);

describe('LazyDialog', () => {
  it('loads nothing until the first opening, shows the loading overlay while the code arrives, then the dialog', async () => {
    const { Lazy, load, arrive } = deferredDialog();
    const { rerender } = render(<Page Lazy={Lazy} open={false} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();

    rerender(<Page Lazy={Lazy} open />);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('Loading...');

    await arrive();
    expect(screen.getByText('Dialog for CLAT Morning')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps the dialog mounted once closed, like a statically imported one', async () => {
    const { Lazy, arrive } = deferredDialog();
    const { rerender } = render(<Page Lazy={Lazy} open />);
    await arrive();
    rerender(<Page Lazy={Lazy} open={false} />);
    expect(screen.getByText('closed')).toBeTruthy();
  });
});

describe('lazyWithPreload', () => {
  it('fetches the code once, whether preloaded first or rendered', async () => {
    const { Lazy, load, arrive } = deferredDialog();
    const preloaded = Lazy.preload();
    void Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await arrive();
    await preloaded;
    render(<Page Lazy={Lazy} open />);
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Dialog for CLAT Morning')).toBeTruthy();
  });
});
