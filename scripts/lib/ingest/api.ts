// The local ingest's side of the API's dev-only ingest calls (api/routes/ingest-local.ts): what to work on, media
// files into R2, and progress reports. Every call carries the shared secret.
import type { IngestProgress, IngestWork } from "../../../api/contract/video";

export interface IngestApi {
  work(): Promise<IngestWork>;
  putMedia(asset: string, file: string, bytes: Uint8Array): Promise<void>;
  /** Removes a segment and its parts. */
  deleteMedia(asset: string, file: string): Promise<void>;
  reportInput(uid: string, report: IngestProgress): Promise<void>;
  /** An encoder published with a wrong stream key, and was refused. */
  reportRefused(uid: string): Promise<void>;
  uploadSource(uid: string): Promise<Response>;
  reportUpload(uid: string, report: { status: "processing" } | { status: "ready"; duration_s: number } | { status: "failed"; error: string }): Promise<void>;
}

export function ingestApi(origin: string, secret: string): IngestApi {
  const base = `${origin.replace(/\/+$/, "")}/api/dev/ingest`;
  const auth = { authorization: `Bearer ${secret}` };
  async function send(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(`${base}${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } });
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return res;
  }
  const json = (report: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(report) });
  return {
    work: async () => ((await (await send("/work")).json()) as { data: IngestWork }).data,
    putMedia: async (asset, file, bytes) => void (await send(`/media/${asset}/${file}`, { method: "PUT", body: new Blob([bytes as Uint8Array<ArrayBuffer>]) })),
    deleteMedia: async (asset, file) => void (await send(`/media/${asset}/${file}`, { method: "DELETE" })),
    reportInput: async (uid, report) => void (await send(`/inputs/${uid}/progress`, json(report))),
    reportRefused: async (uid) => void (await send(`/inputs/${uid}/refused`, { method: "POST" })),
    uploadSource: (uid) => send(`/uploads/${uid}/source`),
    reportUpload: async (uid, report) => void (await send(`/uploads/${uid}/progress`, json(report))),
  };
}
