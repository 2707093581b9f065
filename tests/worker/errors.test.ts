// The pages a visitor meets when there is no channel to show, as the server renders them: an unknown host, and a
// channel whose api key cannot be had (SPEC §4's reload screen, counting down from 60 s). The countdown running and
// the pages' accessibility are checked in a browser (tests/e2e/errors.spec.ts).
import { expect, it } from "vitest";
import { loadChannel, select, send, visit } from "./harness";

it("an unknown host gets a plain 'channel not found' page", async () => {
  const response = await send("http://nosuch.localhost/");
  expect(response.status).toBe(404);
  const html = await response.text();
  expect((await select(html, "h1")).map((h) => h.text)).toEqual(["Channel not found"]);
  expect(await select(html, ".site-header")).toHaveLength(0);
  expect(await select(html, "style")).toHaveLength(0);
});

it("when the api key cannot be had, the reload screen opens with its button disabled for 60 s", async () => {
  // The "offline" fixture channel is suspended: its channel key mints no api key.
  const ch = await loadChannel("offline");
  const page = await visit(ch, "/");
  expect(page.status).toBe(503);
  const [button] = await select(page.html, "main.reload-screen button");
  expect(button.text).toBe("Reload");
  expect(button.attributes).toHaveProperty("disabled");
  const [countdown] = await select(page.html, '[data-testid="reload-countdown"]');
  expect(countdown.attributes["data-seconds"]).toBe("60");
  expect(countdown.text).toMatch(/^You can reload in \d+ seconds\.$/);
});

it("the reload screen is in the visitor's language", async () => {
  const ch = await loadChannel("offline");
  const page = await visit(ch, "/", { headers: { cookie: "lng=fr" } });
  expect(page.status).toBe(503);
  expect((await select(page.html, "html"))[0].attributes.lang).toBe("fr");
  const [button] = await select(page.html, "main.reload-screen button");
  expect(button.text).toBe("Recharger");
  expect(button.attributes).toHaveProperty("disabled");
  expect((await select(page.html, "title"))[0].text).toBe("Service indisponible");
});
