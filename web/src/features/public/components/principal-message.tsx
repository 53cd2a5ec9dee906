const PRINCIPAL = { name: 'Dr. Arundhati Sen', initials: 'AS', role: 'Principal, Law Coaching Institute' };

export function PrincipalMessage() {
  return (
    <section aria-labelledby="principal-title" className="bg-brand-800 text-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 md:grid-cols-[auto_1fr]">
        <div aria-hidden="true" className="hidden w-60 flex-col items-center text-center md:flex">
          <Initials size="large" />
          <p className="mt-4 font-serif text-xl font-semibold">{PRINCIPAL.name}</p>
          <p className="text-sm text-slate-300">{PRINCIPAL.role}</p>
        </div>
        <figure>
          <p className="text-sm font-semibold uppercase tracking-widest text-gold-400">From the principal</p>
          <h2 id="principal-title" className="mt-2 font-serif text-3xl font-bold sm:text-4xl">
            A message to every aspirant
          </h2>
          <blockquote className="mt-6 space-y-4 border-l-4 border-gold-400/70 pl-5 text-lg leading-relaxed text-slate-100">
            <p>
              The law rewards those who read closely, think clearly and write with care. Those habits are not gifts; they are built, one
              class and one test at a time.
            </p>
            <p>
              Our teachers will push you, correct you and stand by you, whether your goal is a seat at a National Law University or a place
              on the bench. Come with curiosity and discipline, and we will do the rest together.
            </p>
          </blockquote>
          <figcaption className="mt-6 flex items-center gap-4 md:sr-only">
            <span className="md:hidden">
              <Initials size="small" />
            </span>
            <span>
              <span className="block font-semibold text-gold-400">{PRINCIPAL.name}</span>
              <span className="block text-sm text-slate-300">{PRINCIPAL.role}</span>
            </span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}

function Initials({ size }: { size: 'large' | 'small' }) {
  const box = size === 'large' ? 'h-32 w-32 border-4 text-4xl' : 'h-14 w-14 border-2 text-xl';
  return (
    <span
      aria-hidden="true"
      className={`flex items-center justify-center rounded-full border-gold-400 bg-brand-900 font-serif font-bold text-gold-400 ${box}`}
    >
      {PRINCIPAL.initials}
    </span>
  );
}
