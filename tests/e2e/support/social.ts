// Signing in with Google or Facebook against the local OAuth server the e2e server runs on its port + 2
// (scripts/lib/oauth-mock.ts, known to the Worker as OAUTH_LOCAL_ISSUER). One server serves every test of the run, so
// no test sets "who signs in next" for the others: a test puts the person who signs in on its own channel, whose host
// is the sign-in's way back (the redirect_uri), and the server signs in as that person only there.
import type { APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";
import type { MockIdentity } from "../../../scripts/lib/oauth-mock";
import { PORT, type TestChannel } from "./channels";

/** The local OAuth server, as the browser reaches it. */
export const OAUTH_ORIGIN = `http://127.0.0.1:${PORT + 2}`;

/** The hosts the browser must resolve to loopback for a social sign-in (the OAuth server's). */
export const OAUTH_HOSTS = ["127.0.0.1"];

/** Makes every social sign-in on the channel come back as `identity` (OIDC claims: sub, email, given_name…). */
export async function providerSignsInAs(request: APIRequestContext, ch: TestChannel, identity: MockIdentity) {
  const res = await request.post(`${OAUTH_ORIGIN}/people`, { data: { host: ch.host, identity } });
  expect(res.status(), "the local OAuth server takes the person").toBe(204);
}
