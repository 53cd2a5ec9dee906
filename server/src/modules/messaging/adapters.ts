import type { Config } from '../../config.ts';
import type { TemplateRef } from '../../db/schema.ts';

// The providers SMS and WhatsApp go through, chosen by configuration (docs/operations.md, "SMS and
// WhatsApp"). Each answers the provider's message id, or throws: a provider error, an answer that is
// not a success, or no answer within NOTIFY_TIMEOUT_MS. The notifier retries what throws.

export type OutgoingMessage = {
  /** Our outbox row's id: sent as the provider's reference, so a provider that dedupes by it never delivers twice. */
  id: string;
  /** The mobile number, 10 digits. */
  to: string;
  text: string;
  template: TemplateRef | null;
};

export interface ChannelAdapter {
  readonly name: string;
  send(message: OutgoingMessage): Promise<{ providerMessageId: string | null }>;
}

class ProviderError extends Error {}

/** The number with India's country code and no plus sign, as Indian SMS providers and WhatsApp take it. */
const international = (mobile: string) => `91${mobile}`;

async function postJson(url: string, headers: Record<string, string>, body: unknown, timeoutMs: number) {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const e = err as Error;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new ProviderError(`no answer within ${timeoutMs} ms`);
    throw new ProviderError(`could not reach the provider: ${(e.cause as Error | undefined)?.message ?? e.message}`);
  }
  const raw = await res.text().catch(() => '');
  let json: unknown = null;
  try {
    json = raw ? JSON.parse(raw) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json: json as Record<string, unknown> | null, raw };
}

const describe = (json: Record<string, unknown> | null, raw: string) => {
  const err = json?.error as Record<string, unknown> | string | undefined;
  const text =
    (typeof err === 'object' && err ? (err.message ?? err.description) : err) ?? json?.message ?? json?.errors ?? raw.slice(0, 200);
  return typeof text === 'string' ? text : JSON.stringify(text);
};

/**
 * SMS_PROVIDER=http: one JSON POST per message to SMS_API_URL, in the shape Indian bulk-SMS providers
 * (MSG91, Textlocal, Kaleyra and the like) accept or a small relay maps onto theirs:
 *
 *   POST {SMS_API_URL}   authkey: {SMS_API_KEY}   content-type: application/json
 *   { "sender": "LAWCOA", "to": "919830000000", "message": "…", "reference": "<outbox id>" }
 *
 * Success is a 2xx answer whose JSON does not say `"type": "error"` or `"status": "failure"`; the
 * provider's id is read from `request_id`, `messageId`, `message_id` or `id`.
 */
class HttpSmsAdapter implements ChannelAdapter {
  readonly name = 'http-sms';
  constructor(private readonly opts: { url: string; apiKey: string; sender: string; timeoutMs: number }) {}

  async send(m: OutgoingMessage) {
    const { status, json, raw } = await postJson(
      this.opts.url,
      { authkey: this.opts.apiKey },
      { sender: this.opts.sender, to: international(m.to), message: m.text, reference: m.id },
      this.opts.timeoutMs,
    );
    const refused = json?.type === 'error' || json?.status === 'failure' || json?.status === 'error';
    if (status < 200 || status >= 300 || refused) throw new ProviderError(`SMS provider answered ${status}: ${describe(json, raw)}`);
    const id = json?.request_id ?? json?.messageId ?? json?.message_id ?? json?.id;
    return { providerMessageId: id === undefined || id === null ? null : String(id) };
  }
}

/**
 * The WhatsApp Cloud API: POST {WHATSAPP_API_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages with the bearer
 * token. A message the institute starts must be an approved template (WHATSAPP_MODE=template, the
 * default): its name is the message's template and its body parameters the message's values; text mode
 * sends the plain text, which WhatsApp delivers only within 24 hours of the student's last message
 * (or to a test number).
 */
export class WhatsAppCloudAdapter implements ChannelAdapter {
  readonly name = 'whatsapp-cloud';
  constructor(
    private readonly opts: {
      apiUrl: string;
      token: string;
      phoneNumberId: string;
      mode: 'template' | 'text';
      language: string;
      timeoutMs: number;
    },
  ) {}

  body(m: OutgoingMessage) {
    const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to: international(m.to) };
    if (this.opts.mode === 'template' && m.template) {
      return {
        ...base,
        type: 'template',
        template: {
          name: m.template.name,
          language: { code: this.opts.language },
          components: [{ type: 'body', parameters: m.template.params.map((text) => ({ type: 'text', text })) }],
        },
      };
    }
    return { ...base, type: 'text', text: { preview_url: false, body: m.text } };
  }

  async send(m: OutgoingMessage) {
    const url = `${this.opts.apiUrl.replace(/\/$/, '')}/${encodeURIComponent(this.opts.phoneNumberId)}/messages`;
    const { status, json, raw } = await postJson(url, { authorization: `Bearer ${this.opts.token}` }, this.body(m), this.opts.timeoutMs);
    if (status < 200 || status >= 300 || json?.error) throw new ProviderError(`WhatsApp answered ${status}: ${describe(json, raw)}`);
    const messages = json?.messages as { id?: string }[] | undefined;
    const id = messages?.[0]?.id;
    if (!id) throw new ProviderError(`WhatsApp answered ${status} without a message id`);
    return { providerMessageId: id };
  }
}

/** The adapters the configuration selects; a channel without one keeps its messages in the outbox. */
export function createAdapters(config: Config): { sms: ChannelAdapter | null; whatsapp: ChannelAdapter | null } {
  const sms =
    config.SMS_PROVIDER === 'http' && config.SMS_API_URL && config.SMS_API_KEY && config.SMS_SENDER
      ? new HttpSmsAdapter({
          url: config.SMS_API_URL,
          apiKey: config.SMS_API_KEY,
          sender: config.SMS_SENDER,
          timeoutMs: config.NOTIFY_TIMEOUT_MS,
        })
      : null;
  const whatsapp =
    config.WHATSAPP_TOKEN && config.WHATSAPP_PHONE_NUMBER_ID
      ? new WhatsAppCloudAdapter({
          apiUrl: config.WHATSAPP_API_URL,
          token: config.WHATSAPP_TOKEN,
          phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID,
          mode: config.WHATSAPP_MODE,
          language: config.WHATSAPP_TEMPLATE_LANGUAGE,
          timeoutMs: config.NOTIFY_TIMEOUT_MS,
        })
      : null;
  return { sms, whatsapp };
}
