import { formatINR, toRupees } from '@app/common';
import { escapeHtml } from '../../lib/escape.ts';
import { SANDBOX_CALLBACK_URL } from './gateways/sandbox.ts';

// The sandbox's hosted payment page (what Paytm's showPaymentPage would be): plain HTML, no script
// (the CSP forbids inline script); each button is a form that posts its pre-signed callback fields.

type Forms = { pay: Record<string, string>; fail: Record<string, string>; cancel: Record<string, string> };

const BUTTON = {
  pay: 'background:#15803d;color:#fff;border:0',
  fail: 'background:#b91c1c;color:#fff;border:0',
  cancel: 'background:#fff;color:#374151;border:1px solid #9ca3af',
};

function form(fields: Record<string, string>, label: string, style: string) {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<form method="post" action="${SANDBOX_CALLBACK_URL}" style="margin:0">${inputs}<button type="submit" style="${style};padding:10px 18px;border-radius:6px;font-size:16px;cursor:pointer;min-width:96px">${label}</button></form>`;
}

export function renderHostedPage(p: { orderId: string; amountPaise: number; status: string; forms: Forms }): string {
  const settled = p.status !== 'created';
  const body = settled
    ? `<p style="color:#374151">This order is already ${escapeHtml(p.status)}. Nothing more to pay.</p><div style="display:flex;gap:12px">${form(p.forms.cancel, 'Return to the institute', BUTTON.cancel)}</div>`
    : `<p style="color:#374151">Choose what this test payment should do.</p><div style="display:flex;gap:12px;flex-wrap:wrap">${form(p.forms.pay, 'Pay', BUTTON.pay)}${form(p.forms.fail, 'Fail', BUTTON.fail)}${form(p.forms.cancel, 'Cancel', BUTTON.cancel)}</div>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment gateway</title></head>
<body style="margin:0;padding:0 12px;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f3f4f6">
<main style="max-width:440px;margin:48px auto;padding:24px;background:#fff;border-radius:10px;box-shadow:0 1px 4px rgba(0,0,0,.12)">
<h1 style="font-size:22px;margin:0 0 4px">Sandbox payment gateway</h1>
<p style="margin:0 0 16px;color:#6b7280;font-size:14px">A test gateway: no real money moves.</p>
<dl style="display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0 0 20px">
<dt style="color:#6b7280">Order</dt><dd style="margin:0;font-family:monospace;word-break:break-all">${escapeHtml(p.orderId)}</dd>
<dt style="color:#6b7280">Amount</dt><dd style="margin:0;font-weight:600">${escapeHtml(formatINR(toRupees(p.amountPaise)))}</dd>
</dl>
${body}
</main></body></html>`;
}

export function renderHostedError(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox payment gateway</title></head>
<body style="font-family:system-ui,sans-serif;max-width:440px;margin:48px auto;padding:0 16px">
<h1 style="font-size:22px">Sandbox payment gateway</h1><p>This payment request is not valid. Please start the payment again from the institute's website.</p>
<p><a href="/payment/admission">Back to the payment page</a></p></body></html>`;
}
