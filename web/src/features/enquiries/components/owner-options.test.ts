import { describe, expect, it } from 'vitest';
import { ownerOptions } from './owner-options.ts';

describe('ownerOptions', () => {
  const enquiry = { owner: { _id: 'o1', name: 'Rina Das' } };

  it('offers nobody, the owner now and me, each once', () => {
    expect(ownerOptions(enquiry, { _id: 'o1', name: 'Rina Das' })).toEqual([
      { value: '', label: 'Nobody' },
      { value: 'o1', label: 'Rina Das' },
    ]);
    expect(ownerOptions({ owner: null }, { _id: 'me', name: 'Asha Sen' }).map((o) => o.label)).toEqual(['Nobody', 'Me (Asha Sen)']);
  });

  it('adds everyone the server names for the centre, after the owner and me, without repeating them', () => {
    const owners = [
      { _id: 'a1', name: 'An Admin', role: 'admin' as const },
      { _id: 'me', name: 'Asha Sen', role: 'counsellor' as const },
      { _id: 'o1', name: 'Rina Das', role: 'counsellor' as const },
      { _id: 'm1', name: 'Kasba Manager', role: 'centre_manager' as const },
    ];
    expect(ownerOptions(enquiry, { _id: 'me', name: 'Asha Sen' }, owners)).toEqual([
      { value: '', label: 'Nobody' },
      { value: 'o1', label: 'Rina Das' },
      { value: 'me', label: 'Me (Asha Sen)' },
      { value: 'a1', label: 'An Admin' },
      { value: 'm1', label: 'Kasba Manager' },
    ]);
  });
});
