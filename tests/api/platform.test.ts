// Creating a channel (issue 16): only a platform admin may; the channel is served on its subdomain at once, its
// owner is mailed a link to choose a password and then runs its console.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { OutboxMail } from "@api/contract/auth";
import type { SectionState } from "@api/contract/console";
import { CONSOLE_MESSAGES } from "@api/contract/console-messages";
import type { CreatedChannel, PlatformChannel } from "@api/contract/platform";
import { call, mintKey } from "./fixtures";
import { consoleCall, data, seedConsoleChannel, type ConsoleChannel } from "./console-fixtures";

let hq: ConsoleChannel;
const ALIAS = "gamma-t";

beforeAll(async () => {
  hq = await seedConsoleChannel("plat-hq", { admin: true });
  await env.DB.prepare("DELETE FROM channels WHERE alias = ?").bind(ALIAS).run();
});

const create = (body: Record<string, unknown>, token: string | null | undefined = hq.adminToken) => consoleCall(hq, "POST", "/api/platform/channels", token ?? undefined, body);
const json = <T>(host: string, path: string, init?: RequestInit) => call(host, path, init).then((r) => r.json() as Promise<T>);
const post = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("creating a channel", () => {
  it("is for platform admins only: anonymous 401, a viewer or an owner 403", async () => {
    const input = { alias: "nope-1", name: "Nope", owner_email: "o@nope.test" };
    expect((await create(input, null)).status).toBe(401);
    expect((await consoleCall(hq, "POST", "/api/platform/channels", hq.viewerToken, input)).status).toBe(403);
    const owner = await consoleCall(hq, "POST", "/api/platform/channels", hq.ownerToken, input);
    expect(owner.status).toBe(403);
    expect(((await owner.json()) as { message: string }).message).toBe(CONSOLE_MESSAGES.platformOnly);
    expect((await consoleCall(hq, "GET", "/api/platform/channels", hq.ownerToken)).status).toBe(403);
  });

  it("refuses a bad alias, a reserved or taken one, and a bad email, in words", async () => {
    const bad = await create({ alias: "Bad_Alias!", name: "X", owner_email: "nope" });
    expect(bad.status).toBe(422);
    const errors = ((await bad.json()) as { errors: Record<string, string[]> }).errors;
    expect(errors.alias).toEqual(["Use lowercase letters, numbers and hyphens (1 to 32 characters)."]);
    expect(errors.owner_email).toEqual(["A valid email address is required"]);
    expect(errors.name).toEqual(["Field length must be greater than 1"]);
    const reserved = await create({ alias: "www", name: "World", owner_email: "o@w.test" });
    expect(reserved.status).toBe(422);
    const taken = await create({ alias: "plat-hq", name: "Again", owner_email: "o@w.test" });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { message: string }).message).toBe(CONSOLE_MESSAGES.aliasTaken);
  });

  it("serves the new channel on its subdomain at once; its owner chooses a password from the mail and opens the console", async () => {
    const res = await create({ alias: ALIAS, name: "Gamma Sports", owner_email: "Owner@Gamma.test", owner_first_name: "Gus", language: "fr" });
    expect(res.status).toBe(201);
    const created = await data<CreatedChannel>(res);
    expect(created).toMatchObject({ alias: ALIAS, name: "Gamma Sports", url: `http://${ALIAS}.localhost`, owners: ["owner@gamma.test"] });

    const host = `${ALIAS}.localhost`;
    const settings = await json<{ data: { title: string; language: string } }>(host, "/api/settings");
    expect(settings.data).toMatchObject({ title: "Gamma Sports", language: "fr" });
    const key = await mintKey(host, created.channel_key);

    const mails = await json<{ data: OutboxMail[] }>(host, `/api/dev/outbox?api_key=${encodeURIComponent(key)}`);
    const invite = mails.data.find((m) => m.kind === "owner_invite" && m.to === "owner@gamma.test")!;
    expect(invite.subject).toBe("Gamma Sports est prête : choisissez votre mot de passe");
    const link = new URL(invite.links[0]);
    expect(link.origin + link.pathname).toBe(`http://${ALIAS}.localhost/password-reset`);
    const params = Object.fromEntries(link.searchParams);
    const password = "Blue-Harbor-2026";
    const reset = await call(host, "/api/auth/password-reset", post({ api_key: key, ...params, expires: Number(params.expires), password, password_confirmation: password }));
    expect(reset.status).toBe(200);
    const login = await call(host, "/api/v2/auth/login", post({ api_key: key, email: "owner@gamma.test", password }));
    const session = await data<{ token: string; user: { can_manage_channel: boolean; can_manage_platform: boolean } }>(login);
    expect(session.user).toMatchObject({ can_manage_channel: true, can_manage_platform: false });
    const menu = await data<SectionState>(await consoleCall({ host, key }, "GET", "/api/console/sections/menu", session.token));
    expect(menu.value).toEqual([{ key: "home", placement: "header", kind: "link", name: { en: "Home", fr: "Accueil" }, url: "/" }]);

    const audit = await data<{ actor: string; action: string }[]>(await consoleCall({ host, key }, "GET", "/api/console/audit", session.token));
    expect(audit.at(-1)).toMatchObject({ actor: "admin@plat-hq.test", action: "channel.create" });
  });

  it("lists every channel with its address and owners", async () => {
    const list = await data<PlatformChannel[]>(await consoleCall(hq, "GET", "/api/platform/channels", hq.adminToken));
    expect(list.find((c) => c.alias === ALIAS)).toMatchObject({ name: "Gamma Sports", status: "active", owners: ["owner@gamma.test"] });
    expect(list.find((c) => c.alias === "plat-hq")?.owners).toEqual(["owner@plat-hq.test"]);
  });
});
