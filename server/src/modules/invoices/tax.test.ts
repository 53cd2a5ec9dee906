import { describe, expect, it } from 'vitest';
import { financialYear } from '@app/common/rules/dates';
import { amountInWords, numberInWords, splitGst, stateOfAddress } from './tax.ts';

// The arithmetic of tax invoices (docs/product-invoices.md): the financial year, the GST, the amount in
// words, the state of an address.

describe('the arithmetic', () => {
  it('dates the financial year April to March in India', () => {
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYear(new Date('2026-03-31T23:59:59+05:30'))).toBe('2025-26');
    // 31 March 20:00 UTC is already 1 April in India.
    expect(financialYear(new Date('2027-03-31T20:00:00Z'))).toBe('2027-28');
    expect(financialYear(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });

  it('works GST out of an inclusive amount; the parts add up to the total', () => {
    expect(splitGst(2_950_000, 18, false)).toEqual({
      taxablePaise: 2_500_000,
      cgstPaise: 225_000,
      sgstPaise: 225_000,
      igstPaise: 0,
      totalPaise: 2_950_000,
    });
    expect(splitGst(2_950_000, 18, true)).toEqual({
      taxablePaise: 2_500_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 450_000,
      totalPaise: 2_950_000,
    });
    // ₹22,500 at 18 %: 19,067.80 taxable, 3,432.20 tax.
    expect(splitGst(2_250_000, 18, false)).toEqual({
      taxablePaise: 1_906_780,
      cgstPaise: 171_610,
      sgstPaise: 171_610,
      igstPaise: 0,
      totalPaise: 2_250_000,
    });
    const odd = splitGst(1001, 18, false);
    expect(odd.cgstPaise - odd.sgstPaise).toBe(1);
    expect(odd.taxablePaise + odd.cgstPaise + odd.sgstPaise).toBe(1001);
    expect(splitGst(10_000, 0, false)).toMatchObject({ taxablePaise: 10_000, cgstPaise: 0, sgstPaise: 0 });
    expect(splitGst(11_250, 12.5, true)).toMatchObject({ taxablePaise: 10_000, igstPaise: 1250 });
  });

  it('writes amounts in words the Indian way', () => {
    expect(amountInWords(2_250_000)).toBe('Rupees Twenty-Two Thousand Five Hundred Only');
    expect(amountInWords(2_250_050)).toBe('Rupees Twenty-Two Thousand Five Hundred and Fifty Paise Only');
    expect(amountInWords(1_234_567_89)).toBe('Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven and Eighty-Nine Paise Only');
    expect(amountInWords(45)).toBe('Rupees Zero and Forty-Five Paise Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(numberInWords(1_00_00_000)).toBe('One Crore');
    expect(numberInWords(2_05_00_011)).toBe('Two Crore Five Lakh Eleven');
    expect(numberInWords(110)).toBe('One Hundred Ten');
  });

  it('finds the state of an address by its name, then by its PIN code', () => {
    expect(stateOfAddress('14 Park Street, Kolkata 700016')).toBe('19');
    expect(stateOfAddress('Boring Road, Patna, Bihar 800001')).toBe('10');
    expect(stateOfAddress('Boring Road, Patna 800 001')).toBe('10');
    expect(stateOfAddress('Main Road, Ranchi 834001')).toBe('20');
    expect(stateOfAddress('Cuttack, Orissa')).toBe('21');
    expect(stateOfAddress('সল্টলেক, কলকাতা, পশ্চিমবঙ্গ')).toBe('19');
    expect(stateOfAddress('Some Road, Bengal Chemicals Lane')).toBe(null);
    expect(stateOfAddress('Pondicherry 605001')).toBe('34');
    expect(stateOfAddress('Villupuram 605602')).toBe(null);
    expect(stateOfAddress('')).toBe(null);
    expect(stateOfAddress(null)).toBe(null);
  });
});
