import type { Language } from "./contract/constants";
import type { Db } from "./db/client";
import type { Channel } from "./db/repos/channels";
import type { SessionRow } from "./services/auth/sessions";
import type { UserRow } from "./services/auth/users";
import type { ChannelBrand } from "./services/artwork/brand";

/** The channel a request belongs to, resolved from its host (never from input). */
export interface ChannelContext extends Channel {
  defaultLanguage: Language;
  /** The setting "geo.blocked_countries" (ISO 3166-1 alpha-2). */
  blockedCountries: readonly string[];
  /** The setting "auth.remote_auth": devices may be linked by code (SPEC §2, issue 13). */
  remoteAuth: boolean;
  /** The setting "yare-analytics": the profile key analytics records must carry (issue 14); null: no analytics. */
  analyticsProfile: string | null;
  /** Name, logo and colours as the artwork draws them (issue 28), with their version. */
  brand: ChannelBrand;
}

export interface ApiOptions {
  /** The clock. Tests inject one; everything time-dependent reads it. */
  now?: () => number;
}

export type AppEnv = {
  Bindings: Env;
  Variables: {
    db: Db;
    now: () => number;
    channel: ChannelContext;
    /** Set by requireUser (api/middleware/user.ts). */
    user: UserRow;
    session: SessionRow;
    /** A refusal the protocol expects (a TV's pending poll): not one for the request-error log. */
    expectedRefusal?: true;
  };
};
