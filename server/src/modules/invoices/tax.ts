// The arithmetic and words of a tax invoice (docs/product-invoices.md): the financial year, GST worked
// out of a GST-inclusive amount, the states of India by GST state code, and amounts in words.
// The financial year itself is an India-time rule: common/src/rules/dates.ts `financialYear`.

export type GstSplit = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };

/**
 * GST out of a GST-inclusive `totalPaise` at `rate` percent (two decimals at most): the taxable value is
 * total × 100 / (100 + rate), rounded to the paisa; the tax is the rest. Within the supplier's state it is
 * half CGST, half SGST (an odd paisa goes to CGST); to another state all IGST. The parts always add up to the total.
 */
export function splitGst(totalPaise: number, rate: number, interState: boolean): GstSplit {
  const bp = BigInt(Math.round(rate * 100));
  const total = BigInt(totalPaise);
  const denominator = 10_000n + bp;
  const taxable = Number((total * 10_000n * 2n + denominator) / (denominator * 2n));
  const tax = totalPaise - taxable;
  if (interState) return { taxablePaise: taxable, cgstPaise: 0, sgstPaise: 0, igstPaise: tax, totalPaise };
  const cgst = Math.ceil(tax / 2);
  return { taxablePaise: taxable, cgstPaise: cgst, sgstPaise: tax - cgst, igstPaise: 0, totalPaise };
}

/** GST state codes (the first two characters of a GSTIN) and their states and union territories. */
export const GST_STATES: Record<string, string> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

/** Other ways an address names a state (old names, short forms, the name in Bengali or Hindi). */
const STATE_ALIASES: [string, string][] = [
  ['Orissa', '21'],
  ['Pondicherry', '34'],
  ['New Delhi', '07'],
  ['NCT of Delhi', '07'],
  ['Andaman', '35'],
  ['Daman', '26'],
  ['Silvassa', '26'],
  ['পশ্চিমবঙ্গ', '19'],
  ['পশ্চিম বঙ্গ', '19'],
  ['पश्चिम बंगाल', '19'],
  ['बिहार', '10'],
  ['झारखंड', '20'],
  ['उत्तर प्रदेश', '09'],
  ['दिल्ली', '07'],
];

/**
 * PIN codes by their first three digits: ranges that lie in one state only. A PIN in a range shared by
 * two states (247, 262, 396, 605, 609, 682) decides nothing.
 */
const PIN_RANGES: [number, number, string][] = [
  [110, 110, '07'],
  [121, 136, '06'],
  [140, 159, '03'],
  [160, 160, '04'],
  [171, 177, '02'],
  [180, 193, '01'],
  [194, 194, '38'],
  [201, 245, '09'],
  [246, 246, '05'],
  [248, 249, '05'],
  [250, 261, '09'],
  [263, 263, '05'],
  [271, 285, '09'],
  [301, 345, '08'],
  [360, 395, '24'],
  [400, 402, '27'],
  [403, 403, '30'],
  [404, 445, '27'],
  [450, 488, '23'],
  [490, 497, '22'],
  [500, 509, '36'],
  [515, 535, '37'],
  [560, 591, '29'],
  [600, 604, '33'],
  [606, 608, '33'],
  [610, 643, '33'],
  [670, 681, '32'],
  [683, 695, '32'],
  [700, 736, '19'],
  [738, 743, '19'],
  [737, 737, '11'],
  [744, 744, '35'],
  [750, 770, '21'],
  [781, 788, '18'],
  [790, 792, '12'],
  [793, 794, '17'],
  [795, 795, '14'],
  [796, 796, '15'],
  [797, 798, '13'],
  [799, 799, '16'],
  [814, 816, '20'],
  [822, 822, '20'],
  [825, 829, '20'],
  [831, 835, '20'],
  [800, 855, '10'],
];

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The GST state code of a postal address, or null when it does not say: a state named in it (by name,
 * an old name or in Bengali or Hindi; the last one named wins), otherwise its PIN code (the last 6-digit
 * number, "700028" or "700 028") when that lies in one state's range.
 */
export function stateOfAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  const text = address.normalize('NFC');
  let best: { at: number; code: string } | null = null;
  const names: [string, string][] = [
    ...Object.entries(GST_STATES).map(([code, name]) => [name, code] as [string, string]),
    ...STATE_ALIASES,
  ];
  for (const [name, code] of names) {
    const re = new RegExp(`(^|[^\\p{L}\\p{M}])${escapeRe(name)}(?=$|[^\\p{L}\\p{M}])`, 'giu');
    for (const m of text.matchAll(re)) {
      const at = (m.index ?? 0) + m[1].length;
      if (!best || at >= best.at) best = { at, code };
    }
  }
  if (best) return best.code;
  const pins = [...text.matchAll(/(?<!\d)([1-9]\d{2})\s?(\d{3})(?!\d)/g)];
  const pin = pins[pins.length - 1];
  if (!pin) return null;
  const head = Number(pin[1]);
  return PIN_RANGES.find(([lo, hi]) => head >= lo && head <= hi)?.[2] ?? null;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  return TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : '');
}

function belowThousand(n: number): string {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  return [h ? `${ONES[h]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in words in the Indian system (crore, lakh, thousand): 2250000 → "Twenty-Two Lakh Fifty Thousand". */
export function numberInWords(n: number): string {
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1_000);
  const rest = n % 1_000;
  return [
    crore ? `${numberInWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** An amount in words as Indian invoices write it: "Rupees Twenty-Two Thousand Five Hundred and Fifty Paise Only". */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  return `Rupees ${numberInWords(rupees)}${p ? ` and ${belowHundred(p)} Paise` : ''} Only`;
}
