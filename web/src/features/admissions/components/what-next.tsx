import { ClipboardList, FileText, Search } from 'lucide-react';
import { Link } from 'react-router';

/** The 'What happens next?' box and the links beside the request form (docs/product.md section 2). */
export function WhatHappensNext({ showApplicationLink = true }: { showApplicationLink?: boolean }) {
  return (
    <aside className="flex flex-col gap-4">
      <div className="rounded-xl border border-brand-100 bg-brand-50 p-5">
        <h2 className="flex items-center gap-2 font-semibold text-brand-800">
          <ClipboardList aria-hidden="true" className="h-5 w-5" /> What happens next?
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>Our admissions team reviews your request.</li>
          <li>Once it is approved, your login credentials are sent to the e-mail address you gave.</li>
          <li>Sign in, check your admission details and pay your fees from your student dashboard.</li>
          <li>You can check the status of your request at any time with your e-mail address.</li>
        </ol>
      </div>
      <div className="rounded-xl bg-white p-5 shadow-sm">
        <h2 className="font-semibold text-slate-800">Already applied?</h2>
        <Link to="/admission-status" className="mt-2 inline-flex items-center gap-2 font-medium text-brand-700 hover:underline">
          <Search aria-hidden="true" className="h-4 w-4" /> Check your admission status
        </Link>
        {showApplicationLink && (
          <>
            <h2 className="mt-4 font-semibold text-slate-800">Prefer the detailed form?</h2>
            <Link to="/application-form" className="mt-2 inline-flex items-center gap-2 font-medium text-brand-700 hover:underline">
              <FileText aria-hidden="true" className="h-4 w-4" /> Fill in the full Application Form
            </Link>
          </>
        )}
      </div>
    </aside>
  );
}
