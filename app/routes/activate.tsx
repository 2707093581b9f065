// /activate: the short address a TV shows for linking it (RFC 8628's verification_uri, api/routes/devices.ts), easy to
// type on a phone; it forwards to the SPEC's /profile/sessions/add with the code the QR code's link carries.
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";

/** Longer than any code (8 letters and a hyphen), so nothing else rides along; the page itself checks the code. */
const CODE_MAX = 16;

export function loader({ request }: LoaderFunctionArgs) {
  const code = new URL(request.url).searchParams.get("code")?.trim().slice(0, CODE_MAX);
  return redirect(code ? `/profile/sessions/add?code=${encodeURIComponent(code)}` : "/profile/sessions/add");
}
