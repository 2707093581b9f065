// Cloudflare Stream as the tests play it: the Worker's bindings that point it at the local stand-in of Stream's API
// (the `streamApi` the test setup starts), and the webhook signed the way Stream signs it (`webhook-signature:
// time=<s>,sig1=<hex HMAC-SHA256 of "<time>.<body>">`, api/providers/video/cloudflare-stream.ts checks it), at the
// test's clock. One place for the test files that play Stream's part.

/**
 * `base` with Stream as the video provider: an account of the stand-in (`api`, its base URL), customer code "abc42",
 * the webhook secret and, with `delivery`, media delivered by the stand-in too (else Stream's own hostnames).
 */
export function streamBindings<T extends object>(base: T, { account, secret, api, delivery = false }: { account: string; secret: string; api: string; delivery?: boolean }) {
  return {
    ...base,
    CLOUDFLARE_STREAM_ACCOUNT_ID: account,
    CLOUDFLARE_STREAM_API_TOKEN: "stream-token",
    CLOUDFLARE_STREAM_CUSTOMER_CODE: "abc42",
    CLOUDFLARE_STREAM_WEBHOOK_SECRET: secret,
    CLOUDFLARE_API_BASE: api,
    ...(delivery ? { CLOUDFLARE_STREAM_DELIVERY_BASE: `${new URL(api).origin}/delivery` } : {}),
  };
}
export async function signedWebhook(secret: string, body: string, nowMs: number): Promise<RequestInit & { body: string; headers: Record<string, string> }> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const time = Math.floor(nowMs / 1000);
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${time}.${body}`)));
  return { method: "POST", body, headers: { "webhook-signature": `time=${time},sig1=${[...sig].map((b) => b.toString(16).padStart(2, "0")).join("")}` } };
}
