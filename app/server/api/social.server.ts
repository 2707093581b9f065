// Typed Google / Facebook sign-in calls (SPEC §7 v2/auth/social/{provider}).
import type { AuthSession, SocialProvider } from "@api/contract/auth";
import type { Language } from "@api/contract/constants";
import type { ApiClient } from "./client.server";

type Data<T> = { data: T };
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

export interface SocialSignIn {
  code: string;
  code_verifier: string;
  redirect_uri: string;
  /** The visitor accepted the terms: a new account may be created. */
  terms?: boolean;
}

export function socialEndpoints(client: ApiClient, lang: Language) {
  return {
    /** The provider's authorization URL for this state, and the PKCE verifier to keep until the callback. */
    authorize: (provider: SocialProvider, input: { redirect_uri: string; state: string }) =>
      data(client.post<Data<{ url: string; code_verifier: string }>>(`v2/auth/social/${provider}/authorize`, { body: { ...input } })),
    /** A new account is written in the visitor's language. */
    signIn: (provider: SocialProvider, input: SocialSignIn) =>
      data(client.post<Data<AuthSession & { created: boolean }>>(`v2/auth/social/${provider}`, { query: { lang }, body: { ...input } })),
  };
}

export type SocialEndpoints = ReturnType<typeof socialEndpoints>;
