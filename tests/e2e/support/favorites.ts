// Favourites a test follows (issue 12): a two-team game of the test channel to follow from, the follow buttons by
// the name they carry, and the wait for a follow call to be answered.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "@playwright/test";
import type { FAVORITABLE_TYPES } from "../../../api/contract/favorites";
import { apiGet, apiPost } from "./api";
import type { TestChannel } from "./channels";

export interface Side {
  id: number;
  alias: string;
  name: string;
  side: "home" | "away";
}

export interface Game {
  id: number;
  participants: Side[];
  category: { id: number; name: string } | null;
}

/** An upcoming two-team game of the channel (`skip` picks a later one, for a test that follows from two games). */
export async function upcomingGame(request: APIRequestContext, ch: TestChannel, skip = 0): Promise<Game> {
  const games = (await apiGet<Game[]>(request, ch, "events?status=upcoming&limit=50")).filter((e) => e.participants.length === 2 && e.category);
  expect(games.length, `${ch.template}: upcoming two-team games`).toBeGreaterThan(skip);
  return games[skip]!;
}

/** Runs `act` and waits for the follow call it makes to be answered (a navigation right after would cancel it). */
export async function answered(page: Page, act: () => Promise<void>) {
  const response = page.waitForResponse((r) => r.url().includes("/action/favorites") && r.request().method() === "POST");
  await act();
  expect((await response).status()).toBe(200);
}

/** The follow button inside `scope` whose name holds `name` (a team's, a sport's). */
export const followButton = (page: Page, scope: string, name: string) =>
  page.locator(scope).getByRole("button", { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });

/** Follows a team, a group or a sport as the signed-in account of `token`, through the API (POST /favorite). */
export async function followByApi(request: APIRequestContext, ch: TestChannel, token: string, type: (typeof FAVORITABLE_TYPES)[number], id: number) {
  await apiPost(request, ch, "favorite", { favoritable_type: type, favoritable_id: id }, { token });
}
