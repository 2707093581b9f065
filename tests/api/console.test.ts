// The console's definition calls (issue 16): who may call them, how a change is validated, written, audited and
// made visible, and that one channel's owner never reaches another's.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { AuditLogEntry, SectionState } from "@api/contract/console";
import { CONSOLE_MESSAGES } from "@api/contract/console-messages";
import { getDb } from "@api/db/client";
import { addLibraryItem } from "@api/services/console/library";
import { call } from "./fixtures";
import { consoleCall, data, seedConsoleChannel, type ConsoleChannel } from "./console-fixtures";

let a: ConsoleChannel;
let b: ConsoleChannel;

beforeAll(async () => {
  a = await seedConsoleChannel("con-a", { admin: true });
  b = await seedConsoleChannel("con-b");
});

const section = (ch: ConsoleChannel, name: string, token: string | null = ch.ownerToken) => consoleCall(ch, "GET", `/api/console/sections/${name}`, token ?? undefined);
const publicGet = (ch: ConsoleChannel, path: string) => call(ch.host, path);

describe("who may use the console", () => {
  it("refuses anonymous visitors (401) and viewers (403); the owner and a platform admin read", async () => {
    expect((await section(a, "menu", null)).status).toBe(401);
    const viewer = await section(a, "menu", a.viewerToken);
    expect(viewer.status).toBe(403);
    expect(((await viewer.json()) as { message: string }).message).toBe(CONSOLE_MESSAGES.forbidden);
    expect((await section(a, "menu")).status).toBe(200);
    expect((await section(a, "menu", a.adminToken)).status).toBe(200);
  });

  it("another channel's owner cannot reach this channel: their token is unknown here, their key is refused", async () => {
    // b's owner token on a's host: not a session of this channel.
    expect((await section(a, "menu", b.ownerToken)).status).toBe(401);
    // a's token with b's api key on a's host: the key is of another channel.
    expect((await consoleCall({ host: a.host, key: b.key }, "GET", "/api/console/sections/menu", a.ownerToken)).status).toBe(403);
    // Each owner sees their own channel's document only.
    const menuA = await data<SectionState>(await section(a, "pages"));
    const menuB = await data<SectionState>(await section(b, "pages"));
    expect(menuA.value).toEqual(menuB.value); // same demo content…
    await saveItem(b, "faq", "only-b", { key: "only-b", question: "B?", answer: "B." });
    const faqA = await data<SectionState>(await section(a, "faq"));
    expect(JSON.stringify(faqA.value)).not.toContain("only-b"); // …but b's edit stays on b
  });

  it("names an unknown section in words", async () => {
    const res = await section(a, "passwords");
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errors: { section: ["Unknown section."] } });
  });
});

async function current(ch: ConsoleChannel, name: string) {
  return data<SectionState>(await section(ch, name));
}

async function saveItem(ch: ConsoleChannel, name: string, id: string, value: Record<string, unknown>, version?: number) {
  const v = version ?? (await current(ch, name)).version;
  return consoleCall(ch, "PUT", `/api/console/sections/${name}/items/${encodeURIComponent(id)}`, ch.ownerToken, { version: v, value });
}

describe("changing a section", () => {
  it("adds a menu entry: stored, audited with before and after, caches dropped, public at once", async () => {
    await env.CACHE.put("bootstrap:con-a:en", JSON.stringify({ stale: true }));
    await env.CACHE.put("config:con-a.localhost", JSON.stringify({ stale: true }));
    const before = await current(a, "menu");
    const entry = { key: "tickets", placement: "header", kind: "link", name: { en: "Tickets", fr: "Billets" }, url: "https://tickets.example/" };
    const saved = await data<SectionState>(await saveItem(a, "menu", "tickets", entry, before.version));
    expect(saved.version).toBe(before.version + 1);
    expect(saved.value).toEqual([...(before.value as unknown[]), entry]);

    const menu = (await (await publicGet(a, "/api/menu?lang=fr")).json()) as { data: { name: string; url: string }[] };
    expect(menu.data.map((m) => m.name)).toContain("Billets");
    expect(await env.CACHE.get("bootstrap:con-a:en")).toBeNull();
    expect(await env.CACHE.get("config:con-a.localhost")).toBeNull();

    const audit = await data<AuditLogEntry[]>(await consoleCall(a, "GET", "/api/console/audit?target=menu/tickets", a.ownerToken));
    expect(audit[0]).toMatchObject({ actor: "owner@con-a.test", action: "item.create", target: "menu/tickets", before: null, after: entry });
  });

  it("refuses a change made on an older copy (409) and changes nothing", async () => {
    const { version } = await current(a, "faq");
    expect((await saveItem(a, "faq", "one", { key: "one", question: "One?", answer: "1" }, version)).status).toBe(200);
    const stale = await saveItem(a, "faq", "two", { key: "two", question: "Two?", answer: "2" }, version);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toBe(CONSOLE_MESSAGES.conflict);
    expect(JSON.stringify((await current(a, "faq")).value)).not.toContain('"two"');
  });

  it("takes a change made on an older copy when its own item is as the editor read it (base), and refuses it (409) when that item changed", async () => {
    const read = await current(a, "faq");
    const tags = read.tags!;
    expect(tags.what).toMatch(/^[0-9a-z]{14}$/);
    const what = (read.value as { key: string }[]).find((f) => f.key === "what")!;
    // Someone else adds an item meanwhile: the copy is older, but "what" is untouched.
    expect((await saveItem(a, "faq", "rebase-other", { key: "rebase-other", question: "Other?", answer: "o" }, read.version)).status).toBe(200);
    const put = (value: Record<string, unknown>, base: string, version = read.version) =>
      consoleCall(a, "PUT", "/api/console/sections/faq/items/what", a.ownerToken, { version, base, value });
    const rebased = await put({ ...what, answer: "Still a test channel." }, tags.what);
    expect(rebased.status).toBe(200);
    const after = await data<SectionState>(rebased);
    expect(after.version).toBe(read.version + 2);
    expect(JSON.stringify(after.value)).toContain("rebase-other");
    expect(after.tags!.what).not.toBe(tags.what);

    // The editor of the first copy saves "what" again: that item changed since it read it.
    const conflict = await put({ ...what, answer: "Overwritten?" }, tags.what);
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { message: string }).message).toBe(CONSOLE_MESSAGES.conflict);
    // A new item on an older copy goes through while its key is free ("absent"), not once someone else took it.
    const add = (key: string, base = "absent") => consoleCall(a, "PUT", `/api/console/sections/faq/items/${key}`, a.ownerToken, { version: read.version, base, value: { key, question: `${key}?`, answer: key } });
    expect((await add("rebase-new")).status).toBe(200);
    expect((await add("rebase-new")).status).toBe(409);
    // A removal likewise: of the item as read, on an older copy.
    const removeTag = (await current(a, "faq")).tags!["rebase-new"];
    const remove = (base: string) => consoleCall(a, "DELETE", `/api/console/sections/faq/items/rebase-new?version=${read.version}&base=${base}`, a.ownerToken);
    expect((await remove("0000000aaaaaaa")).status).toBe(409);
    expect((await remove(removeTag)).status).toBe(200);
    expect((await current(a, "faq")).tags!["rebase-new"]).toBeUndefined();
    // Sections that are not lists have no tags, and a replace on an older copy is still refused.
    const settings = await current(a, "settings");
    expect(settings.tags).toBeNull();
    expect((await consoleCall(a, "PUT", "/api/console/sections/faq", a.ownerToken, { version: read.version, value: read.value })).status).toBe(409);
  });

  it("validates with the tenant schema: field errors inside the item, and what the change breaks elsewhere", async () => {
    const bad = await saveItem(a, "pages", "/about", { url: "about us", name: "About", content: "x" });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { errors: Record<string, string[]> };
    expect(body.errors.url).toEqual(['must be a path like "/about"']);

    const { version } = await current(a, "pages");
    const removed = await consoleCall(a, "DELETE", `/api/console/sections/pages/items/${encodeURIComponent("/about")}?version=${version}`, a.ownerToken);
    expect(removed.status).toBe(422);
    const errors = ((await removed.json()) as { errors: Record<string, string[]> }).errors;
    expect(errors["menu.1.url"]).toEqual(['no page with url "/about" in pages']);
  });

  it("refuses unreadable colours with their ratio, and keeps readable ones", async () => {
    const { version } = await current(a, "colors");
    const unreadable = await consoleCall(a, "PUT", "/api/console/sections/colors", a.ownerToken, {
      version,
      value: { web: { primary: "#777777", "primary-contrast": "#888888" } },
    });
    expect(unreadable.status).toBe(422);
    const body = (await unreadable.json()) as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe(CONSOLE_MESSAGES.unreadableColors);
    expect(body.errors["web.primary-contrast"][0]).toMatch(/^1\.\d\d:1 on primary$/);

    const ok = await consoleCall(a, "PUT", "/api/console/sections/colors", a.ownerToken, { version, value: { web: { primary: "#0b3d91", "primary-contrast": "#ffffff" } } });
    expect(ok.status).toBe(200);
    const colors = (await (await publicGet(a, "/api/color-settings/web")).json()) as { data: Record<string, string> };
    expect(colors.data.primary).toBe("#0b3d91");
  });

  it("leaves a section replaced by what it already holds alone: no new version, no audit, the events not written again", async () => {
    const zone = await current(a, "time_zone");
    const eventsBefore = await env.DB.prepare("SELECT id, event_utc_ts FROM events WHERE channel_id = (SELECT id FROM channels WHERE alias = 'con-a') ORDER BY id").all();
    // Something only a write from the definition would undo.
    await env.DB.prepare("UPDATE events SET event_utc_ts = event_utc_ts + 1 WHERE key = 'opener' AND channel_id = (SELECT id FROM channels WHERE alias = 'con-a')").run();
    const same = await consoleCall(a, "PUT", "/api/console/sections/time_zone", a.ownerToken, { version: zone.version, value: zone.value });
    expect((await data<SectionState>(same)).version).toBe(zone.version);
    expect(await data<AuditLogEntry[]>(await consoleCall(a, "GET", "/api/console/audit?target=time_zone", a.ownerToken))).toEqual([]);
    const opener = await env.DB.prepare("SELECT event_utc_ts FROM events WHERE key = 'opener' AND channel_id = (SELECT id FROM channels WHERE alias = 'con-a')").first<{ event_utc_ts: number }>();
    const before = (eventsBefore.results as { event_utc_ts: number }[]).map((e) => e.event_utc_ts);
    expect(before).toContain(opener!.event_utc_ts - 1);
    // A stale copy is still refused, and a real change is written, versioned and audited.
    expect((await consoleCall(a, "PUT", "/api/console/sections/time_zone", a.ownerToken, { version: zone.version - 1, value: zone.value })).status).toBe(409);
    const changed = await data<SectionState>(await consoleCall(a, "PUT", "/api/console/sections/time_zone", a.ownerToken, { version: zone.version, value: "America/Toronto" }));
    expect(changed.version).toBe(zone.version + 1);
    expect(await data<AuditLogEntry[]>(await consoleCall(a, "GET", "/api/console/audit?target=time_zone", a.ownerToken))).toHaveLength(1);
    const rewritten = await env.DB.prepare("SELECT event_utc_ts FROM events WHERE key = 'opener' AND channel_id = (SELECT id FROM channels WHERE alias = 'con-a')").first<{ event_utc_ts: number }>();
    expect(rewritten!.event_utc_ts).not.toBe(opener!.event_utc_ts);
    await consoleCall(a, "PUT", "/api/console/sections/time_zone", a.ownerToken, { version: changed.version, value: zone.value });
  });

  it("creates an event at an absolute time as a draft, then publishes it", async () => {
    const event = { key: "final", access_type: "free", start: { utc: "2030-03-01T18:00:00Z" }, duration: 90, sport: "hockey", home: "south-hockey", away: "north-hockey", published: false };
    expect((await saveItem(a, "events", "final", event)).status).toBe(200);
    const stored = (await current(a, "events")).value as { key: string; start: unknown }[];
    expect(stored.find((e) => e.key === "final")?.start).toEqual({ utc: "2030-03-01T18:00:00.000Z" });
    const row = await env.DB.prepare("SELECT id, event_utc_ts, published FROM events WHERE key = 'final' AND channel_id = (SELECT id FROM channels WHERE alias = 'con-a')").first<{ id: number; event_utc_ts: number; published: number }>();
    expect(row).toMatchObject({ event_utc_ts: Date.parse("2030-03-01T18:00:00Z"), published: 0 });
    // A draft is not on the site: not by id, not in the list.
    const byId = () => consoleCall(a, "GET", `/api/events/${row!.id}`);
    const listed = async () => JSON.stringify(await (await consoleCall(a, "GET", "/api/events?limit=50")).json());
    expect((await byId()).status).toBe(404);
    expect(await listed()).not.toContain('"final"');
    // The other events keep their times: the stored copy holds them resolved.
    const opener = stored.find((e) => e.key === "opener")?.start as { utc: string };
    expect(opener.utc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);

    expect((await saveItem(a, "events", "final", { ...event, published: true })).status).toBe(200);
    const published = await env.DB.prepare("SELECT published FROM events WHERE key = 'final' AND channel_id = (SELECT id FROM channels WHERE alias = 'con-a')").first<{ published: number }>();
    expect(published?.published).toBe(1);
    expect((await byId()).status).toBe(200);
  });

  it("refuses to remove a team that events still play: the schema names them", async () => {
    const { version } = await current(a, "teams");
    const res = await consoleCall(a, "DELETE", `/api/console/sections/teams/items/north-hockey?version=${version}`, a.ownerToken);
    expect(res.status).toBe(422);
    const errors = ((await res.json()) as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors).some((k) => k.startsWith("catalogue.events."))).toBe(true);
  });

  it("removing an unknown item is a 404; a removed FAQ entry leaves the site", async () => {
    const { version } = await current(b, "faq");
    expect((await consoleCall(b, "DELETE", `/api/console/sections/faq/items/nope?version=${version}`, b.ownerToken)).status).toBe(404);
    expect((await consoleCall(b, "DELETE", `/api/console/sections/faq/items/what?version=${version}`, b.ownerToken)).status).toBe(200);
    const faq = (await (await publicGet(b, "/api/faq")).json()) as { data: unknown[] };
    expect(JSON.stringify(faq.data)).not.toContain("A test channel.");
  });

  it("answers a body without a version in the spec's words, never a 500", async () => {
    const res = await consoleCall(a, "PUT", "/api/console/sections/faq/items/x", a.ownerToken, { value: { key: "x" } });
    expect(res.status).toBe(422);
    const text = await consoleCall(a, "PUT", "/api/console/sections/faq", a.ownerToken);
    expect(text.status).toBe(422);
  });
});

describe("a form's fields and a menu entry's children (rows), refused in codes", () => {
  type Refusal = { message: string; errors: Record<string, string[]>; codes: Record<string, { code: string; params?: Record<string, string | number> }[]> };

  it("saves a custom form's fields in their order, and the site asks them", async () => {
    const form = {
      alias: "tryouts",
      title: { en: "Tryouts", fr: "Essais" },
      fields: [
        { name: "position", type: "select", label: { en: "Position", fr: "Poste" }, required: true, options: [{ value: "goal", label: { en: "Goalie", fr: "Gardien" } }] },
        { name: "email", type: "email", label: { en: "Email", fr: "Courriel" }, required: true },
      ],
    };
    expect((await saveItem(a, "custom_forms", "tryouts", form)).status).toBe(200);
    const asked = (await (await consoleCall(a, "GET", "/api/custom-forms/tryouts?lang=fr")).json()) as { data: { fields: { name: string; label: string }[] } };
    expect(asked.data.fields.map((f) => [f.name, f.label])).toEqual([["position", "Poste"], ["email", "Courriel"]]);
  });

  it("refuses a list without choices and a duplicate field name at their row, with codes beside the English words", async () => {
    const res = await saveItem(a, "custom_forms", "broken", {
      alias: "broken",
      title: "Broken",
      fields: [
        { name: "topic", type: "select", label: "Topic" },
        { name: "topic", type: "text", label: "Again" },
      ],
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as Refusal;
    expect(body.message).toBe(CONSOLE_MESSAGES.invalid);
    expect(body.errors["fields.0.options"]).toEqual(["a select needs options"]);
    expect(body.codes["fields.0.options"]).toEqual([{ code: "selectNeedsOptions" }]);
    expect(body.codes["fields.1"]).toEqual([{ code: "duplicate", params: { what: "name", value: "topic" } }]);
  });

  it("saves a menu entry's children, shown under it on the site; a bad child link is refused at the child", async () => {
    const entry = {
      key: "watch",
      placement: "header",
      kind: "link",
      name: { en: "Watch", fr: "Regarder" },
      children: [{ key: "watch-live", kind: "link", name: { en: "Live", fr: "En direct" }, url: "/upcoming" }],
    };
    expect((await saveItem(a, "menu", "watch", entry)).status).toBe(200);
    const menu = (await (await publicGet(a, "/api/menu?lang=fr")).json()) as { data: { name: string; children: { name: string; url: string }[] }[] };
    expect(menu.data.find((m) => m.name === "Regarder")?.children.map((c) => [c.name, c.url])).toEqual([["En direct", "/upcoming"]]);

    const res = await saveItem(a, "menu", "watch", { ...entry, children: [{ ...entry.children[0], url: "not a link" }, { key: "Bad Key", kind: "page", name: "X" }] });
    expect(res.status).toBe(422);
    const body = (await res.json()) as Refusal;
    expect(body.codes["children.0.url"]).toEqual([{ code: "linkFormat" }]);
    expect(body.codes["children.1.key"]).toEqual([{ code: "keyFormat" }]);
    expect(body.codes["children.1.url"]).toEqual([{ code: "requiredForKind", params: { kind: "page" } }]);
    expect(body.errors["children.1.url"]).toEqual(['is required for kind "page"']);
  });

  it("gives zod's own checks a code too, and a renamed item's taken key", async () => {
    const res = await saveItem(a, "faq", "typed", { key: "typed", question: 42, answer: "A", weight: "heavy" });
    const body = (await res.json()) as Refusal;
    expect(body.codes.weight).toEqual([{ code: "type", params: { expected: "number" } }]);
    expect(body.codes.question?.[0]?.code).toBeDefined();
    await saveItem(a, "faq", "first", { key: "first", question: "Q1", answer: "A1" });
    await saveItem(a, "faq", "second", { key: "second", question: "Q2", answer: "A2" });
    const taken = (await (await saveItem(a, "faq", "second", { key: "first", question: "Q2", answer: "A2" })).json()) as Refusal;
    expect(taken).toMatchObject({ errors: { key: ['"first" is already used'] }, codes: { key: [{ code: "alreadyUsed", params: { value: "first" } }] } });
  });
});

describe("images", () => {
  const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 31, 21, 196, 137]);
  const upload = (ch: ConsoleChannel, bytes: Uint8Array, name: string, token = ch.ownerToken) => {
    const form = new FormData();
    form.set("api_key", ch.key);
    form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "image/png" }));
    return call(ch.host, "/api/console/images", { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  };

  it("stores an upload by its content, serves it on the channel's host only, and a setting can name it", async () => {
    const res = await upload(a, PNG, "logo.png");
    expect(res.status).toBe(200);
    const image = ((await res.json()) as { data: { ref: string; url: string } }).data;
    expect(image.ref).toMatch(/^uploads\/[0-9a-f]{16}\.png$/);
    const served = await publicGet(a, image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect((await publicGet(b, image.url)).status).toBe(404);

    const { version, value } = await current(a, "settings");
    const saved = await consoleCall(a, "PUT", "/api/console/sections/settings", a.ownerToken, { version, value: { ...(value as object), logo: image.ref } });
    expect(saved.status).toBe(200);
    const settings = (await (await publicGet(a, "/api/settings")).json()) as { data: { logo: string } };
    expect(settings.data.logo).toBe(image.url);
  });

  it("refuses what is not an image (415), too large (413), and a viewer (403)", async () => {
    expect((await upload(a, new TextEncoder().encode("<script>alert(1)</script>"), "x.png")).status).toBe(415);
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    expect((await upload(a, big, "big.png")).status).toBe(413);
    expect((await upload(a, PNG, "logo.png", a.viewerToken)).status).toBe(403);
  });

  it("refuses a definition that names an image the channel does not have", async () => {
    const { version, value } = await current(a, "settings");
    const res = await consoleCall(a, "PUT", "/api/console/sections/settings", a.ownerToken, { version, value: { ...(value as object), favicon: "uploads/0000000000000000.png" } });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors["settings.favicon"]).toEqual(['image "uploads/0000000000000000.png" not found']);
  });
});

describe("a packaged upload joins the library", () => {
  it("becomes a VOD item first in the uploads rail, audited as the platform's change", async () => {
    const channel = await env.DB.prepare("SELECT id, alias, name FROM channels WHERE alias = 'con-b'").first<{ id: number; alias: string; name: string }>();
    const scope = { db: getDb(env.DB), env, channel: channel!, actor: { id: null, email: "platform" }, now: Date.UTC(2026, 10, 25) };
    await addLibraryItem(scope, { key: "upload-1", title: { en: "Senior night", fr: "Soirée des finissants" }, media_key: "demo", duration_s: 95.6, date: Date.UTC(2026, 10, 24) });
    await addLibraryItem(scope, { key: "upload-2", title: { en: "Warm-up" }, media_key: "demo", duration_s: 30, date: Date.UTC(2026, 10, 25) });
    const rails = (await (await consoleCall(b, "GET", "/api/vod-media-rails?lang=fr")).json()) as { data: { title: string; vod_media_items: { title: string }[] }[] };
    const uploads = rails.data.find((r) => r.title === "Nouvelles vidéos");
    expect(uploads?.vod_media_items.map((i) => i.title)).toEqual(["Warm-up", "Soirée des finissants"]);
    const audit = await data<AuditLogEntry[]>(await consoleCall(b, "GET", "/api/console/audit?target=vod_items/upload-1", b.ownerToken));
    expect(audit[0]).toMatchObject({ actor: "platform", action: "item.create" });
  });
});
