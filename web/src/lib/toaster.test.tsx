import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from './toast.ts';
import { LazyToaster } from './toaster.tsx';

afterEach(cleanup);

describe('LazyToaster', () => {
  it('shows toasts at the bottom right, away from the header navigation', async () => {
    const { container } = render(<LazyToaster />);
    act(() => {
      toast.success('Saved');
    });
    const list = await waitFor(
      () => {
        const el = container.querySelector('[data-sonner-toaster]');
        expect(el).not.toBeNull();
        return el as HTMLElement;
      },
      { timeout: 10_000 },
    ); // sonner loads lazily: slow on a busy machine
    expect(list.dataset.yPosition).toBe('bottom');
    expect(list.dataset.xPosition).toBe('right');
    // Text colours dark enough for 4.5:1 on the pale toast backgrounds (sonner's own success green is 4.3:1).
    expect(list.style.getPropertyValue('--success-text')).toBe('hsl(140, 100%, 22%)');
  });
});
