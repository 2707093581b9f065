// A local stand-in for Cloudflare Stream's REST API (in Node, outside workerd), for the API tests of Stream-held
// media: the Worker calls it through CLOUDFLARE_API_BASE (`inject("streamApi")`). It answers Stream's documented
// shapes for the calls the adapter makes (token, downloads, clip), and records every call per account, so each test
// file uses its own account id and reads only its own calls (GET /__calls/<account>). A test sets the state of a
// video's MP4 with PUT /__downloads/<account>/<uid> ({ status, percentComplete }); until then it is "inprogress".
// It is also Stream's delivery host (CLOUDFLARE_STREAM_DELIVERY_BASE = <origin>/delivery): a ready video's MP4 is
// GET /delivery/<token>/downloads/default.mp4 with a downloadable token (`dl.<uid>.<exp>`), the bytes of
// fakeStreamMp4(uid); anything else there is a 404. DELETE /<uid> lets a video go. POST /keys makes a signing key as
// Stream does (an RSA pair; the private half answered once, as base64 PEM and base64 JWK): the delivery host then
// also takes RS256 JWTs signed with it (`sub` the uid, `downloadable` for an MP4), checked with the public half, and
// GET /delivery/<token>/manifest/video.mpd answers a manifest to a token it takes.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { fakeStreamMp4 } from "./stream-fake-mp4";

declare module "vitest" {
  export interface ProvidedContext {
    streamApi: string;
  }
}

export interface StreamCall {
  method: string;
  path: string;
  auth: string | null;
  body: unknown;
}

const RS256 = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;

/** The uid a delivery token opens, and whether it opens the MP4: Stream's endpoint's (`tk.`/`dl.<uid>.<exp>`) or a JWT. */
async function openToken(token: string, keys: Map<string, CryptoKey>): Promise<{ uid: string; downloadable: boolean } | null> {
  const issued = /^(tk|dl)\.([^/.]+)\.\d+$/.exec(token);
  if (issued) return { uid: issued[2]!, downloadable: issued[1] === "dl" };
  const [header, claims, signature] = token.split(".");
  if (!header || !claims || !signature) return null;
  const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
  try {
    const head = decode(header);
    const body = decode(claims);
    const key = keys.get(String(head.kid));
    if (head.alg !== "RS256" || !key || body.kid !== head.kid || typeof body.sub !== "string" || !Number.isInteger(body.exp)) return null;
    if (!(await crypto.subtle.verify(RS256, key, Buffer.from(signature, "base64url"), new TextEncoder().encode(`${header}.${claims}`)))) return null;
    return { uid: body.sub, downloadable: body.downloadable === true };
  } catch {
    return null;
  }
}

const ok = (result: unknown) => ({ success: true, errors: [], messages: [], result });
const notFound = { success: false, errors: [{ code: 10003, message: "Not Found" }], messages: [], result: null };

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", () => {
      try {
        resolve(text ? JSON.parse(text) : null);
      } catch {
        resolve(text);
      }
    });
  });
}

export function startFakeStream(): Promise<{ url: string; stop: () => Promise<void> }> {
  const calls = new Map<string, StreamCall[]>();
  const downloads = new Map<string, { status: string; percentComplete: number }>();
  let clips = 0;
  const keys = new Map<string, CryptoKey>();

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const body = await readBody(req);

    const control = /^\/__(calls|downloads)\/([^/]+)(?:\/([^/]+))?$/.exec(path);
    if (control) {
      const [, kind, account, uid] = control;
      if (kind === "calls") return send(200, calls.get(account) ?? []);
      downloads.set(`${account}/${uid}`, body as { status: string; percentComplete: number });
      return send(200, { ok: true });
    }

    const delivery = /^\/delivery\/([^/]+)\/(downloads\/default\.mp4|manifest\/video\.mpd)$/.exec(path);
    if (delivery) {
      const opened = await openToken(delivery[1]!, keys);
      if (req.method !== "GET" || !opened) return send(404, notFound);
      const { uid, downloadable } = opened;
      if (delivery[2] === "manifest/video.mpd") {
        res.writeHead(200, { "content-type": "application/dash+xml" });
        return res.end(`<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static"><!-- ${uid} --></MPD>`);
      }
      const ready = [...downloads].some(([key, state]) => key.endsWith(`/${uid}`) && state.status === "ready");
      if (!downloadable || !ready) return send(404, notFound);
      const bytes = fakeStreamMp4(uid);
      res.writeHead(200, { "content-type": "video/mp4", "content-length": String(bytes.byteLength) });
      return res.end(bytes);
    }

    const m = /^\/client\/v4\/accounts\/([^/]+)\/stream(\/.*)$/.exec(path);
    if (!m) return send(404, notFound);
    const [, account, rest] = m;
    const list = calls.get(account) ?? [];
    list.push({ method: req.method ?? "GET", path: rest, auth: req.headers.authorization ?? null, body });
    calls.set(account, list);

    // Videos whose uid starts with "missing" do not exist; "broken" ones make Stream fail.
    const uid = /^\/([^/]+)\//.exec(rest)?.[1] ?? "";
    if (uid.startsWith("missing")) return send(404, notFound);
    if (uid.startsWith("broken")) return send(500, { success: false, errors: [{ code: 10000, message: "Internal error" }], result: null });

    if (req.method === "POST" && rest === "/keys") {
      const pair = await crypto.subtle.generateKey({ ...RS256, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }, true, ["sign", "verify"]);
      const id = randomBytes(16).toString("hex");
      keys.set(id, pair.publicKey);
      const der = Buffer.from(await crypto.subtle.exportKey("pkcs8", pair.privateKey)).toString("base64");
      const pem = `-----BEGIN PRIVATE KEY-----\n${der.match(/.{1,64}/g)!.join("\n")}\n-----END PRIVATE KEY-----\n`;
      const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
      return send(200, ok({ id, pem: Buffer.from(pem).toString("base64"), jwk: Buffer.from(JSON.stringify({ ...jwk, kid: id })).toString("base64"), created: new Date().toISOString() }));
    }
    if (req.method === "POST" && /^\/[^/]+\/token$/.test(rest)) {
      const b = body as { exp: number; downloadable?: boolean };
      return send(200, ok({ token: `${b.downloadable ? "dl" : "tk"}.${uid}.${b.exp}` }));
    }
    if (req.method === "POST" && /^\/[^/]+\/downloads$/.test(rest)) {
      const state = downloads.get(`${account}/${uid}`) ?? { status: "inprogress", percentComplete: 40 };
      return send(200, ok({ default: { ...state, url: `https://customer-fake.cloudflarestream.com/${uid}/downloads/default.mp4` } }));
    }
    if (req.method === "DELETE" && /^\/[^/]+$/.test(rest)) return send(200, ok(null));
    if (req.method === "POST" && rest === "/clip") {
      const b = body as { clippedFromVideoUID: string; startTimeSeconds: number; endTimeSeconds: number };
      if (b.clippedFromVideoUID.startsWith("missing")) return send(404, notFound);
      return send(200, ok({ uid: `clip${++clips}`, clippedFrom: b.clippedFromVideoUID, readyToStream: false, status: { state: "queued" } }));
    }
    return send(404, notFound);
  };

  const server = createServer((req, res) => void handle(req, res));
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/client/v4`, stop: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}

export default async function setup(project: TestProject) {
  const fake = await startFakeStream();
  project.provide("streamApi", fake.url);
  return () => fake.stop();
}
