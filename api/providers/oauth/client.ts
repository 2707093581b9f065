// The authorization-code flow with PKCE through arctic's generic OAuth2Client, with each provider's endpoints
// passed in, so the same code talks to Google, Facebook or the local issuer.
import { CodeChallengeMethod, OAuth2Client, OAuth2Tokens, generateCodeVerifier } from "arctic";
import { REQUEST_TIMEOUT_MS } from "../../contract/constants";
import { type SocialProfile, normaliseProfile } from "./profile";
import type { ProviderConfig } from "./providers";

/** The provider refused the code or answered something unusable. Never the visitor's fault to see as a 500. */
export class SocialProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SocialProviderError";
  }
}

/** Where to send the visitor, and the PKCE verifier the caller keeps until the callback. */
export function authorizationUrl(config: ProviderConfig, redirectUri: string, state: string): { url: string; codeVerifier: string } {
  const codeVerifier = generateCodeVerifier();
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  const url = client.createAuthorizationURLWithPKCE(config.endpoints.authorize, state, CodeChallengeMethod.S256, codeVerifier, config.scopes);
  return { url: url.toString(), codeVerifier };
}

/** Exchanges the code for an access token and reads who signed in. */
export async function fetchProfile(config: ProviderConfig, code: string, codeVerifier: string, redirectUri: string): Promise<SocialProfile> {
  let accessToken: string;
  try {
    const tokens = await exchangeCode(config, code, codeVerifier, redirectUri);
    accessToken = tokens.accessToken();
  } catch (error) {
    throw new SocialProviderError(`${config.provider} token exchange failed`, { cause: error });
  }
  let body: unknown;
  try {
    const response = await fetch(config.endpoints.userinfo, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.status !== 200) throw new Error(`userinfo answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new SocialProviderError(`${config.provider} userinfo failed`, { cause: error });
  }
  const profile = normaliseProfile(body);
  if (!profile) throw new SocialProviderError(`${config.provider} userinfo names nobody`);
  return profile;
}

async function exchangeCode(config: ProviderConfig, code: string, codeVerifier: string, redirectUri: string): Promise<OAuth2Tokens> {
  // Google takes the client secret as HTTP Basic (arctic's default); Facebook documents it as a form field.
  if (config.tokenAuth === "basic" || !config.clientSecret) {
    return new OAuth2Client(config.clientId, config.clientSecret, redirectUri).validateAuthorizationCode(config.endpoints.token, code, codeVerifier);
  }
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUri,
    code_verifier: codeVerifier,
    client_id: config.clientId,
    client_secret: config.clientSecret,
  });
  const response = await fetch(config.endpoints.token, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (response.status !== 200) throw new Error(`token endpoint answered ${response.status}`);
  const data: unknown = await response.json();
  if (!data || typeof data !== "object") throw new Error("token endpoint answered no object");
  return new OAuth2Tokens(data);
}
