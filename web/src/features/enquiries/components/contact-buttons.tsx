import { MessageCircle, Phone } from 'lucide-react';
import { telLink, whatsAppLink } from '../desk-format.ts';

const button =
  'inline-flex min-h-10 items-center justify-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-brand-100';

/** One tap to call the person, or to open a WhatsApp chat with a mobile number. */
export function ContactButtons({ name, phone }: { name: string; phone: string }) {
  const wa = whatsAppLink(phone);
  return (
    <>
      <a href={telLink(phone)} className={button} aria-label={`Call ${name}`}>
        <Phone aria-hidden="true" className="h-4 w-4" /> Call
      </a>
      {wa && (
        <a href={wa} target="_blank" rel="noopener noreferrer" className={button} aria-label={`WhatsApp ${name}`}>
          <MessageCircle aria-hidden="true" className="h-4 w-4" /> WhatsApp
        </a>
      )}
    </>
  );
}
