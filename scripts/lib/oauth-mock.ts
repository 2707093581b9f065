// A local OAuth 2.0 / OIDC server (oauth2-mock-server) standing in for Google and Facebook in the API and e2e
// tests and in `npm run oauth:local`. It is the real server with its real PKCE checks; the hooks below only choose WHO signs in:
// the identity named by the authorize request's `login_hint` (JSON), else the one put for the site the sign-in returns
// to (`POST /people {host, identity}`, or `signInOn`: one server for a whole e2e run, where each test's channel has a
// host of its own), else the one set with `signInAs`.
import { Events, OAuth2Server } from "oauth2-mock-server";

/** What the provider's userinfo answers: OIDC claims (sub, given_name…) or Graph fields (id, first_name…). */
export type MockIdentity = Record<string, string | boolean | number>;

const IDENTITY_CLAIM = "mock_identity";

export interface OAuthMock {
  server: OAuth2Server;
  /** The issuer URL to give the Worker as OAUTH_LOCAL_ISSUER. */
  url: string;
  /** The person the next sign-ins are made as (when the authorize request names nobody). */
  signInAs(identity: MockIdentity): void;
  /** The person the sign-ins that return to `host` (the redirect_uri's) are made as. */
  signInOn(host: string, identity: MockIdentity): void;
  stop(): Promise<void>;
}

export async function startOAuthMock(port = 0, host = "127.0.0.1"): Promise<OAuthMock> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  let current: MockIdentity = { sub: "mock-user", email: "mock.user@example.test", email_verified: true, given_name: "Mock", family_name: "User" };
  const byCode = new Map<string, MockIdentity>();
  const byHost = new Map<string, MockIdentity>();
  const hostOf = (url: string | null) => {
    try {
      return url ? new URL(url).host : undefined;
    } catch {
      return undefined;
    }
  };

  // The identity is fixed when the code is issued, so concurrent flows do not mix.
  server.service.on(Events.BeforeAuthorizeRedirect, (redirect, req) => {
    const code = redirect.url.searchParams.get("code");
    const query = new URL(req.url ?? "/", "http://mock").searchParams;
    const hint = query.get("login_hint");
    const forHost = byHost.get(hostOf(query.get("redirect_uri")) ?? "");
    if (code) byCode.set(code, hint ? (JSON.parse(hint) as MockIdentity) : (forHost ?? current));
  });
  server.service.addRoute("POST", "/people", (req, res) => {
    const { host, identity } = (req.body || {}) as { host?: unknown; identity?: unknown };
    const valid = typeof host === "string" && host !== "" && typeof identity === "object" && identity !== null;
    if (valid) byHost.set(host, identity as MockIdentity);
    res.writeHead(valid ? 204 : 400).end();
  });
  // The access token carries the identity, and userinfo reads it back from the Bearer token.
  server.service.on(Events.BeforeTokenSigning, (token, req) => {
    const code = (req.body as { code?: unknown } | undefined)?.code;
    const identity = typeof code === "string" ? byCode.get(code) : undefined;
    if (!identity) return;
    token.payload[IDENTITY_CLAIM] = identity;
    if (typeof identity.sub === "string") token.payload.sub = identity.sub;
  });
  server.service.on(Events.BeforeUserinfo, (response, req) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const payload = bearer?.split(".")[1];
    if (!payload) return;
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    if (claims[IDENTITY_CLAIM]) response.body = claims[IDENTITY_CLAIM] as Record<string, unknown>;
  });

  await server.start(port, host);
  const url = server.issuer.url!.replace(/\/+$/, "");
  return {
    server,
    url,
    signInAs: (identity) => void (current = identity),
    signInOn: (host, identity) => void byHost.set(host, identity),
    stop: () => server.stop(),
  };
}
