import type { ApiKeyGrant } from "@api/contract/channel";
import type { ApiKeySource } from "./client.server";

// The web app's api key per channel, kept for the life of the isolate (SPEC §2 start-up).
const grants = new Map<string, ApiKeyGrant>();
const minting = new Map<string, Promise<ApiKeyGrant>>();

/** Renew a little before expiry, so a key never expires mid-request. */
const EXPIRY_MARGIN_MS = 5 * 60_000;

export interface ChannelKeySource extends ApiKeySource {
  /** The key, minting one if needed. Throws when none can be had (the reload screen). */
  ensure(): Promise<string>;
  /** Forgets the stored key and gets a fresh one (SPEC §4: logout clears the stored key, then gets a fresh one). */
  renew(): Promise<string>;
}

export function channelKeySource(alias: string, mint: () => Promise<ApiKeyGrant>, now: () => number): ChannelKeySource {
  async function ensure(): Promise<string> {
    const grant = grants.get(alias);
    if (grant && grant.expires_at - EXPIRY_MARGIN_MS > now()) return grant.api_key;
    let pending = minting.get(alias);
    if (!pending) {
      pending = mint().finally(() => minting.delete(alias));
      minting.set(alias, pending);
    }
    const fresh = await pending;
    grants.set(alias, fresh);
    return fresh.api_key;
  }
  return {
    ensure,
    async get() {
      try {
        return await ensure();
      } catch {
        return null;
      }
    },
    clear() {
      grants.delete(alias);
    },
    renew() {
      grants.delete(alias);
      return ensure();
    },
  };
}

/** Forget every channel's key (tests). */
export function clearApiKeys(): void {
  grants.clear();
}
