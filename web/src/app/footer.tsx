import { INSTITUTE_NAME } from '@app/common/constants';
import type { PublicInstitute, SocialNetwork } from '@app/common/schemas/settings';
import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { useCentres } from '../api/centres.ts';
import { usePublicInstitute } from '../api/institute.ts';
import { FacebookIcon, InstagramIcon, WhatsappIcon, YoutubeIcon } from '../components/social-icons.tsx';

const SOCIAL: { key: SocialNetwork; label: string; Icon: typeof FacebookIcon }[] = [
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'youtube', label: 'YouTube', Icon: YoutubeIcon },
  { key: 'whatsapp', label: 'WhatsApp', Icon: WhatsappIcon },
];

const telOf = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

/** The institute's own contacts, as an admin set them at /admin/settings. */
function InstituteContacts({ institute }: { institute: PublicInstitute }) {
  return (
    <>
      <li className="flex gap-2">
        <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
        <span>{institute.address}</span>
      </li>
      {[institute.phone, ...institute.phones].map((p) => (
        <li key={p} className="flex gap-2">
          <Phone aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
          <a className="hover:text-gold-400" href={telOf(p)}>
            {p}
          </a>
        </li>
      ))}
      {institute.email && (
        <li className="flex gap-2">
          <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
          <a className="break-all hover:text-gold-400" href={`mailto:${institute.email}`}>
            {institute.email}
          </a>
        </li>
      )}
    </>
  );
}

export function Footer() {
  const { data: centres } = useCentres();
  const { data: institute } = usePublicInstitute();
  const social = institute ? SOCIAL.filter((s) => institute[s.key]) : [];
  const name = institute?.name ?? INSTITUTE_NAME;
  return (
    <footer className="bg-brand-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{name}</p>
          <p className="mt-2 text-sm">Coaching for CLAT, AILET, LSAT and judicial service examinations since 2010.</p>
        </div>
        <div>
          <h2 className="font-semibold text-white">Quick links</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link className="hover:text-gold-400" to="/">
                Home
              </Link>
            </li>
            <li>
              <Link className="hover:text-gold-400" to="/about">
                About Us
              </Link>
            </li>
            <li>
              <Link className="hover:text-gold-400" to="/courses">
                Courses
              </Link>
            </li>
            <li>
              <Link className="hover:text-gold-400" to="/results">
                Results
              </Link>
            </li>
            <li>
              <Link className="hover:text-gold-400" to="/contact">
                Contact Us
              </Link>
            </li>
            <li>
              <Link className="hover:text-gold-400" to="/nlu-predictor">
                NLU Predictor
              </Link>
            </li>
            <li>
              <Link className="hover:text-gold-400" to="/admission-request">
                Request Admission
              </Link>
            </li>
            <li>
              <Link className="hover:text-gold-400" to="/admission-status">
                Admission Status
              </Link>
            </li>
            <li>
              <Link className="hover:text-gold-400" to="/login">
                Student and Admin Login
              </Link>
            </li>
          </ul>
        </div>
        <div className="lg:col-span-1">
          <h2 className="font-semibold text-white">Contact</h2>
          <ul className="mt-2 space-y-2 text-sm">{institute && <InstituteContacts institute={institute} />}</ul>
          {(centres ?? []).length > 0 && (
            <>
              <h3 className="mt-4 text-sm font-semibold text-white">Centres</h3>
              <ul className="mt-1 space-y-1 text-sm">
                {(centres ?? []).map((c) => (
                  <li key={c.id}>
                    <span className="text-white">{c.name}</span>{' '}
                    <a className="whitespace-nowrap hover:text-gold-400 hover:underline" href={telOf(c.phone)}>
                      {c.phone}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        {/* An icon only for a link the admin set: no link to a network's bare home page. */}
        {social.length > 0 && (
          <div>
            <h2 className="font-semibold text-white">Follow us</h2>
            <ul className="mt-2 flex gap-3">
              {social.map(({ key, label, Icon }) => (
                <li key={key}>
                  <a
                    aria-label={label}
                    className="inline-block rounded-full bg-brand-800 p-2 hover:text-gold-400"
                    href={institute?.[key] ?? undefined}
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    <Icon className="h-5 w-5" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <p className="border-t border-brand-800 py-4 text-center text-xs">
        © {new Date().getFullYear()} {name}. All rights reserved.
      </p>
    </footer>
  );
}
