import { createDecipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generatePaytmSignature, paytmStringOf, verifyPaytmSignature } from './paytm-checksum.ts';

const KEY = 'abcdEFGH12345678';

describe('paytmchecksum', () => {
  it('is AES-128-CBC (IV @@@@&&&&####$$$$) of sha256(data|salt) + salt', () => {
    const sig = generatePaytmSignature('{"mid":"M1","orderId":"O1"}', KEY, 'AbC=');
    const d = createDecipheriv('aes-128-cbc', KEY, '@@@@&&&&####$$$$');
    const plain = d.update(sig, 'base64', 'binary') + d.final('binary');
    expect(plain).toBe(`${createHash('sha256').update('{"mid":"M1","orderId":"O1"}|AbC=').digest('hex')}AbC=`);
  });

  it('verifies its own signatures with a random salt, and refuses any change', () => {
    const fields = { ORDERID: 'ORD_1', TXNAMOUNT: '100.00', STATUS: 'TXN_SUCCESS', MID: 'M' };
    const sig = generatePaytmSignature(fields, KEY);
    expect(verifyPaytmSignature(fields, KEY, sig)).toBe(true);
    expect(verifyPaytmSignature({ ...fields, CHECKSUMHASH: sig }, KEY, sig)).toBe(true);
    expect(verifyPaytmSignature({ ...fields, TXNAMOUNT: '100.01' }, KEY, sig)).toBe(false);
    expect(verifyPaytmSignature(fields, 'another16charkey', sig)).toBe(false);
    expect(verifyPaytmSignature(fields, KEY, 'not-base64!')).toBe(false);
    expect(verifyPaytmSignature(fields, KEY, '')).toBe(false);
  });

  it('form fields are sorted by name, joined by |, "null" read as empty', () => {
    expect(paytmStringOf({ b: '2', a: '1', c: 'null', CHECKSUMHASH: 'x' })).toBe('1|2|');
  });
});
