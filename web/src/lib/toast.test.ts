import { describe, expect, it, vi } from 'vitest';
import { onFirstToast, toast } from './toast.ts';

describe('the toaster mounts on the first toast', () => {
  it('tells a waiting listener once, and a late one at once; an unsubscribed one never', () => {
    const early = vi.fn();
    const gone = vi.fn();
    onFirstToast(early);
    const unsubscribe = onFirstToast(gone);
    unsubscribe();
    expect(early).not.toHaveBeenCalled();
    toast.success('Saved');
    toast.error('Second');
    expect(early).toHaveBeenCalledTimes(1);
    expect(gone).not.toHaveBeenCalled();
    const late = vi.fn();
    onFirstToast(late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
