// Delivery through a Resend-compatible HTTP API (POST /emails with a Bearer key). Configured with MAIL_API_KEY;
// MAIL_API_URL lets tests or another compatible provider stand in.
import { appConfig } from "../../env";

export const DEFAULT_MAIL_API_URL = "https://api.resend.com";
export const DEFAULT_MAIL_FROM = "StreamHub <no-reply@streamhub.example>";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailProvider {
  send(mail: OutgoingMail): Promise<{ id: string }>;
}

export class ResendProvider implements MailProvider {
  constructor(
    private readonly config: { apiKey: string; from: string; apiUrl: string },
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  async send(mail: OutgoingMail): Promise<{ id: string }> {
    const res = await this.fetcher(`${this.config.apiUrl.replace(/\/+$/, "")}/emails`, {
      method: "POST",
      headers: { authorization: `Bearer ${this.config.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ from: this.config.from, to: [mail.to], subject: mail.subject, text: mail.text, html: mail.html }),
    });
    const body = (await res.json().catch(() => ({}))) as { id?: unknown; message?: unknown };
    if (!res.ok || typeof body.id !== "string") {
      throw new Error(`mail provider answered ${res.status}${typeof body.message === "string" ? `: ${body.message}` : ""}`);
    }
    return { id: body.id };
  }
}

/** The configured provider, or null: without a key mails stay in the outbox as "held". */
export function mailProvider(env: object, fetcher?: typeof fetch): MailProvider | null {
  const config = appConfig(env);
  if (!config.MAIL_API_KEY) return null;
  return new ResendProvider({ apiKey: config.MAIL_API_KEY, from: config.MAIL_FROM ?? DEFAULT_MAIL_FROM, apiUrl: config.MAIL_API_URL ?? DEFAULT_MAIL_API_URL }, fetcher);
}
