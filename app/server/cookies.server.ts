import { LANGUAGES, type Language } from "@api/contract/constants";
import { type Consent, parseConsent } from "~/lib/consent";
import { isLocalHost } from "./security.server";

const YEAR_S = 365 * 24 * 3600;

export const LANGUAGE_COOKIE = "lng";
export const CONSENT_COOKIE = "cookie_consent";

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * Secure everywhere except plain-http local hosts (http://*.localhost), where browsers would drop it. A plain-http
 * public host gets Secure too: production is https only (HSTS), so such a cookie must not travel in clear.
 */
export function isSecureRequest(request: Request): boolean {
  const url = new URL(request.url);
  return url.protocol === "https:" || !isLocalHost(url.hostname);
}

/** A host-only, httpOnly, SameSite=Lax cookie (Secure on https). */
export function serializeCookie(request: Request, name: string, value: string, maxAgeS = YEAR_S): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", `Max-Age=${maxAgeS}`, "HttpOnly", "SameSite=Lax"];
  if (isSecureRequest(request)) parts.push("Secure");
  return parts.join("; ");
}

export function readLanguageCookie(request: Request): Language | null {
  const value = readCookie(request, LANGUAGE_COOKIE);
  return (LANGUAGES as readonly string[]).includes(value ?? "") ? (value as Language) : null;
}

/** The visitor's answer to the cookie notice, or null while unanswered. */
export function readConsent(request: Request): Consent | null {
  return parseConsent(readCookie(request, CONSENT_COOKIE));
}

/** Set-Cookie for the answer. A refusal is kept as long as an acceptance: asking again sooner would press for a yes. */
/** Forgets the answer (the footer's "Cookie settings" without JavaScript): the notice asks again. */
export const clearConsentCookie = (request: Request): string => serializeCookie(request, CONSENT_COOKIE, "", 0);

export function consentCookie(request: Request, consent: Consent): string {
  return serializeCookie(request, CONSENT_COOKIE, consent);
}
