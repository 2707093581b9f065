import type { Language } from "./contract/constants";
import type { Db } from "./db/client";
import type { Channel } from "./db/repos/channels";

/** The channel a request belongs to, resolved from its host (never from input). */
export interface ChannelContext extends Channel {
  defaultLanguage: Language;
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
  };
};
