// The simultaneous-streams limit as viewers meet it (issue 13). Each test's buyer holds one pay-per-view pass, whose
// limit is 1 stream, bought through the API with the sandbox's 4242 card.
// - alpha (en): a TV signs in by code (/device, approved from the phone) and plays the paid event; the phone then
//   gets the limit prompt naming the TV's stream, stops it and plays; the TV is told why it stopped, and asking
//   again shows the phone's stream.
// - beta (fr): two browsers; the second gets the prompt in French; the first leaves the page, which frees its slot,
//   (a link in the app, so the player unmounts) and the second then plays without stopping anything.
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import type { Order } from "../../api/contract/commerce-types";
import { CHANNELS, type Channel, login, PASSWORD, uniqueEmail, url } from "./auth-helpers";
import { ppvEvents, products } from "./commerce-helpers";
import { PORT, expect, expectAccessible, test } from "./fixtures";
import { linkTv } from "./support/link-tv";
import { apiKey, expectPlaying, playerCopy } from "./watch-helpers";

const [alpha, beta] = CHANNELS;
const sessionsCopy = (lang: "en" | "fr") => JSON.parse(readFileSync(`app/locales/${lang}/sessions.json`, "utf8")) as typeof import("../../app/locales/en/sessions.json");
const api = (path: string) => `http://127.0.0.1:${PORT}/api/${path}`;
const host = (ch: Channel) => ({ host: `${ch.alias}.localhost:${PORT}` });

/** A new account holding the single-event pass of a finished pay-per-view event (limit: 1 stream). */
async function ppvBuyer(request: APIRequestContext, ch: Channel, email: string): Promise<{ email: string; eventId: number }> {
  const [eventId] = await ppvEvents(request, ch.alias);
  const key = await apiKey(request, ch.alias);
  const registered = await request.post(api("v2/auth/register"), {
    headers: host(ch),
    data: { api_key: key, first_name: "Sam", last_name: "Streams", email, password: PASSWORD, password_confirmation: PASSWORD, terms: true },
  });
  expect(registered.status()).toBe(200);
  const token = ((await registered.json()) as { data: { token: string } }).data.token;
  const headers = { ...host(ch), authorization: `Bearer ${token}` };
  const post = async <T>(path: string, body: Record<string, unknown>) => {
    const res = await request.post(api(path), { headers, data: { api_key: key, ...body } });
    expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { data: T }).data;
  };
  const { token: card } = await post<{ token: string }>("stripe/sandbox/tokens", { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 2040, cvc: "123" });
  const pass = (await products(request, ch.alias)).find((p) => p.event_id === eventId)!;
  const bought = await post<{ order_id: number }>("stripe/buy", { single_event_package_id: pass.id, confirmation_token: card });
  const status = async () => {
    const res = await request.get(api(`orders/${bought.order_id}?api_key=${key}`), { headers });
    return ((await res.json()) as { data: Order }).data.status;
  };
  await expect.poll(status, { timeout: 20_000, intervals: [500, 1000, 2000] }).toBe("paid");
  return { email, eventId };
}

test("alpha (en): the TV plays the paid event; the phone meets the limit, stops the TV's stream and plays; the TV is told why", async ({ browser, page, request }, testInfo) => {
  test.setTimeout(150_000);
  const p = playerCopy("en");
  const s = sessionsCopy("en");
  const { email, eventId } = await ppvBuyer(request, alpha, uniqueEmail(testInfo, "streams-tv"));
  await login(page, alpha, email, PASSWORD);
  const { screen: tv } = await linkTv(browser, page, alpha, "en");

  await tv.goto(url(alpha, `/watch/${eventId}`));
  await expectPlaying(tv);

  await page.goto(url(alpha, `/watch/${eventId}`));
  const prompt = page.getByTestId("watch-streams");
  await expect(prompt.getByText(p.streams.limit_one.replace("{{count}}", "1"))).toBeVisible();
  const tvStream = prompt.getByRole("listitem");
  await expect(tvStream).toHaveCount(1);
  // Named as the Devices tab names it: its kind, then what its user agent says.
  await expect(tvStream).toContainText(`${s.device.tv} · Tizen`);
  await expectAccessible(page);
  await tvStream.getByRole("button", { name: p.streams.stop }).focus();
  await page.keyboard.press("Enter");
  await expectPlaying(page);

  // The TV learns at its next heartbeat (every 30 s) that another device took the slot; its video is gone.
  const stopped = tv.getByTestId("watch-stream-stopped");
  await expect(stopped.getByRole("alert")).toHaveText(p.streams.stopped, { timeout: 45_000 });
  await expect(tv.locator("video.player__video")).toHaveCount(0);
  await expectAccessible(tv);
  // Asking again while the phone plays shows the phone's stream, which the TV may stop in turn.
  await stopped.getByRole("button", { name: p.streams.watchHere }).click();
  await expect(tv.getByTestId("watch-streams").getByRole("listitem")).toContainText(`${s.device.web} · Chrome`);
  await tv.context().close();
});

test("beta (fr): the second browser gets the limit in French; once the first leaves the page, it plays", async ({ browser, page, request }, testInfo) => {
  test.setTimeout(120_000);
  const p = playerCopy("fr");
  const { email, eventId } = await ppvBuyer(request, beta, uniqueEmail(testInfo, "streams-fr"));
  await login(page, beta, email, PASSWORD);
  await page.goto(url(beta, `/watch/${eventId}`));
  await expectPlaying(page);

  const laptop = await (await browser.newContext()).newPage();
  await login(laptop, beta, email, PASSWORD);
  await laptop.goto(url(beta, `/watch/${eventId}`));
  const prompt = laptop.getByTestId("watch-streams");
  await expect(prompt.getByText(p.streams.limit_one.replace("{{count}}", "1"))).toBeVisible();
  await expect(prompt.getByRole("button", { name: p.streams.stop })).toBeVisible();
  await expectAccessible(laptop);

  // Leaving the watch page releases the stream at once (the player's release beacon), without waiting for it to expire.
  await page.getByRole("banner").getByRole("link", { name: /Accueil/ }).first().click();
  await expect(page).toHaveURL(url(beta, "/"));
  await expect(async () => {
    await laptop.reload();
    await expect(laptop.locator(".player")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expectPlaying(laptop);
  await laptop.context().close();
});
