// The player's seek step (SPEC §9 "Seek steps: a configurable number of seconds", issue 15) is a channel setting:
// /api/settings exposes it, 10 s unless the channel sets another, and a bad stored value never reaches a client.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@api/db/client";
import { channelSettings } from "@api/db/schema";
import { call, type Fixtures, HOSTS, seedChannels } from "./fixtures";

const db = getDb(env.DB);
let fx: Fixtures;

beforeAll(async () => {
  fx = await seedChannels();
  // Beta sets 15 s; alpha's stored value is out of range (the tenant loader refuses it; here it got in anyway).
  await db.insert(channelSettings).values([
    { channelId: fx.beta.id, key: "player.seek_step_s", value: 15 },
    { channelId: fx.alpha.id, key: "player.seek_step_s", value: 90 },
  ]);
});

async function seekStep(host: string): Promise<unknown> {
  const res = await call(host, "/api/settings");
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data["player.seek_step_s"];
}

describe("player.seek_step_s in /api/settings", () => {
  it("is the channel's own value", async () => {
    expect(await seekStep(HOSTS.beta)).toBe(15);
  });

  it("an invalid stored value is refused: the client gets the default, 10", async () => {
    expect(await seekStep(HOSTS.alpha)).toBe(10);
  });
});
