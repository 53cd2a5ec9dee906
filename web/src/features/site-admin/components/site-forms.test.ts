import { describe, expect, it } from 'vitest';
import { homeForm } from './home-form.tsx';
import { testimonialForm } from './testimonial-form.tsx';
import { topperForm } from './topper-form.tsx';

// The site editor's forms hold text; their schemas give the API body with the server's own rules.

const messages = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  input: unknown,
) => {
  const r = schema.safeParse(input);
  return r.success ? {} : Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
};

const home = {
  hero: {
    headline: ' Law coaching ',
    text: 'Small **batches**.',
    imageUrl: '',
    primaryButton: { label: 'Apply', href: '/admission-request' },
    secondaryButton: { label: '', href: '' },
  },
  whyChooseUs: [{ title: 'Weekly tests', text: 'Every Sunday.' }],
  principal: { name: 'Dr. A. Sen', photoUrl: '', message: 'Read closely.' },
};

describe('home form', () => {
  it('leaves out a button whose label and link are blank, and a blank image', () => {
    const body = homeForm.parse(home);
    expect(body.hero).toEqual({
      headline: 'Law coaching',
      text: 'Small **batches**.',
      primaryButton: { label: 'Apply', href: '/admission-request' },
    });
    expect(body.principal.photoUrl).toBeUndefined();
  });

  it('names each field the server would refuse', () => {
    expect(
      messages(homeForm, {
        ...home,
        hero: {
          ...home.hero,
          headline: '',
          secondaryButton: { label: 'Status', href: 'javascript:alert(1)' },
          imageUrl: 'https://x.example/a.jpg',
        },
        whyChooseUs: [{ title: '', text: 'x' }],
      }),
    ).toEqual({
      'hero.headline': 'Headline is required',
      'hero.imageUrl': 'Choose an image uploaded to this site (POST /api/site/images)',
      'hero.secondaryButton.href': 'A link is a page of this site (/courses) or a full https:// address',
      'whyChooseUs.0.title': 'Title is required',
    });
  });
});

const topper = {
  name: 'Ananya',
  exam: 'CLAT',
  year: '2025',
  rank: '',
  score: '',
  centre: 'dumdum' as const,
  quote: '',
  course: '',
  photoUrl: '',
};

describe('topper and testimonial forms', () => {
  it('reads the numbers, drops the blanks and asks for a rank or a score', () => {
    expect(messages(topperForm, topper)).toEqual({ rank: 'Give the rank or the score' });
    expect(topperForm.parse({ ...topper, rank: '38' })).toEqual({ name: 'Ananya', exam: 'CLAT', year: 2025, rank: 38, centre: 'dumdum' });
    expect(messages(topperForm, { ...topper, score: '99 percentile', year: '19' })).toEqual({ year: 'Year must be from 1990 to 2100' });
  });

  it('a testimonial needs its name, course, year and text', () => {
    expect(messages(testimonialForm, { name: '', course: '', year: '', text: '', photoUrl: '' })).toMatchObject({
      name: 'Name is required',
      course: 'Course is required',
      year: 'Year is required',
      text: 'Text is required',
    });
  });
});
