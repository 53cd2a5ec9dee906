import { Mail, MapPin, Phone } from 'lucide-react';
import { FacebookIcon, InstagramIcon, YoutubeIcon } from '../components/social-icons.tsx';
import { Link } from 'react-router';
import { useCentres } from '../api/centres.ts';

export const INSTITUTE_EMAIL = 'info@lawcoaching.local';

export function Footer() {
  const { data: centres } = useCentres();
  return (
    <footer className="bg-brand-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">Law Coaching Institute</p>
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
          <ul className="mt-2 space-y-2 text-sm">
            {(centres ?? []).map((c) => (
              <li key={c.id} className="flex gap-2">
                <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
                <span>
                  <span className="text-white">{c.name}</span>
                  <br />
                  <a className="hover:text-gold-400" href={`tel:${c.phone.replace(/\s/g, '')}`}>
                    <Phone aria-hidden="true" className="mr-1 inline h-3 w-3" />
                    {c.phone}
                  </a>
                </span>
              </li>
            ))}
            <li className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 text-gold-400" />
              <a className="hover:text-gold-400" href={`mailto:${INSTITUTE_EMAIL}`}>
                {INSTITUTE_EMAIL}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">Follow us</h2>
          <ul className="mt-2 flex gap-3">
            <li>
              <a
                aria-label="Facebook"
                className="inline-block rounded-full bg-brand-800 p-2 hover:text-gold-400"
                href="https://facebook.com"
                rel="noopener noreferrer"
                target="_blank"
              >
                <FacebookIcon className="h-5 w-5" />
              </a>
            </li>
            <li>
              <a
                aria-label="Instagram"
                className="inline-block rounded-full bg-brand-800 p-2 hover:text-gold-400"
                href="https://instagram.com"
                rel="noopener noreferrer"
                target="_blank"
              >
                <InstagramIcon className="h-5 w-5" />
              </a>
            </li>
            <li>
              <a
                aria-label="YouTube"
                className="inline-block rounded-full bg-brand-800 p-2 hover:text-gold-400"
                href="https://youtube.com"
                rel="noopener noreferrer"
                target="_blank"
              >
                <YoutubeIcon className="h-5 w-5" />
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-brand-800 py-4 text-center text-xs">
        © {new Date().getFullYear()} Law Coaching Institute. All rights reserved.
      </p>
    </footer>
  );
}
