// Google and Facebook as OAuth clients (DESIGN "Sessions and auth"). Each channel has its own app at the provider:
// the client id is a channel setting, the secret comes from the env. Outside production a local OAuth/OIDC server
// (OAUTH_LOCAL_ISSUER, e.g. oauth2-mock-server) stands in for both providers, so sign-in works offline.
import type { SocialProvider } from "../../contract/auth";
import { SOCIAL_PROVIDERS } from "../../contract/auth";
import type { ChannelSettings } from "../../contract/settings";
import { appConfig, devToolsOn, oauthClientSecret } from "../../env";

export interface ProviderEndpoints {
  authorize: string;
  token: string;
  userinfo: string;
}

interface ProviderDefinition {
  scopes: string[];
  endpoints: ProviderEndpoints;
  /** How the client authenticates at the token endpoint: HTTP Basic (Google) or form fields (Facebook). */
  tokenAuth: "basic" | "post";
}

const GRAPH = "https://graph.facebook.com/v19.0";

export const PROVIDERS: Record<SocialProvider, ProviderDefinition> = {
  google: {
    scopes: ["openid", "email", "profile"],
    endpoints: {
      authorize: "https://accounts.google.com/o/oauth2/v2/auth",
      token: "https://oauth2.googleapis.com/token",
      userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
    },
    tokenAuth: "basic",
  },
  facebook: {
    scopes: ["email", "public_profile"],
    endpoints: {
      authorize: "https://www.facebook.com/v19.0/dialog/oauth",
      token: `${GRAPH}/oauth/access_token`,
      userinfo: `${GRAPH}/me?fields=id,email,first_name,last_name`,
    },
    tokenAuth: "post",
  },
};

/** Everything needed to run one provider's flow for one channel. */
export interface ProviderConfig {
  provider: SocialProvider;
  clientId: string;
  clientSecret: string | null;
  scopes: string[];
  endpoints: ProviderEndpoints;
  tokenAuth: "basic" | "post";
}

type OAuthEnv = object;
type ProviderSettings = Pick<ChannelSettings, "auth.google" | "auth.facebook">;

export function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/** The local stand-in issuer; never used in production, whatever the env says. */
export function localIssuer(env: OAuthEnv): string | null {
  const config = appConfig(env);
  return devToolsOn(config) ? (config.OAUTH_LOCAL_ISSUER ?? null) : null;
}

/** `OAUTH_GOOGLE_SECRET_<ALIAS>` for one channel, else `OAUTH_GOOGLE_SECRET` shared by all. */
export const clientSecret = (env: object, provider: SocialProvider, alias: string): string | null => oauthClientSecret(env, provider, alias);

/** The provider's config for this channel, or null when the channel cannot offer it. */
export function providerConfig(provider: SocialProvider, env: OAuthEnv, settings: ProviderSettings, alias: string): ProviderConfig | null {
  const clientId = settings[`auth.${provider}`]?.client_id;
  if (!clientId) return null;
  const issuer = localIssuer(env);
  const secret = clientSecret(env, provider, alias);
  if (!secret && !issuer) return null;
  const def = PROVIDERS[provider];
  const endpoints = issuer ? { authorize: `${issuer}/authorize`, token: `${issuer}/token`, userinfo: `${issuer}/userinfo` } : def.endpoints;
  return { provider, clientId, clientSecret: secret, scopes: def.scopes, endpoints, tokenAuth: def.tokenAuth };
}

/** The sign-in buttons a channel shows. */
export function availableProviders(env: OAuthEnv, settings: ProviderSettings, alias: string): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((p) => providerConfig(p, env, settings, alias) !== null);
}
