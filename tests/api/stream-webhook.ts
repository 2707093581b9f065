// Cloudflare Stream's webhook as the tests send it: the body signed the way Stream signs it (`webhook-signature:
// time=<s>,sig1=<hex HMAC-SHA256 of "<time>.<body>">`, api/providers/video/cloudflare-stream.ts checks it), at the
// test's clock. One place for the five test files that play Stream's part.
export async function signedWebhook(secret: string, body: string, nowMs: number): Promise<RequestInit & { body: string; headers: Record<string, string> }> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const time = Math.floor(nowMs / 1000);
  const sig = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${time}.${body}`)));
  return { method: "POST", body, headers: { "webhook-signature": `time=${time},sig1=${[...sig].map((b) => b.toString(16).padStart(2, "0")).join("")}` } };
}
