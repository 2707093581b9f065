// What search engines read on each channel's host: robots.txt and the sitemap it names.
import { expect, it } from "vitest";
import { send, sharedChannel } from "./harness";

for (const template of ["alpha", "beta"] as const) {
  it(`serves robots.txt and a sitemap on the ${template} channel's host`, async () => {
    const ch = await sharedChannel(template);
    const robots = await send(ch.url("/robots.txt"));
    expect(robots.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain(`Sitemap: http://${ch.host}/sitemap.xml`);
    const sitemap = await send(ch.url("/sitemap.xml"));
    expect(sitemap.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    for (const path of ["/", "/upcoming", "/vod_library"]) expect(xml).toContain(`<loc>http://${ch.host}${path}</loc>`);
    expect(xml).toMatch(/\/watch\/\d+<\/loc>/);
    expect(xml).toMatch(/\/vod_library\/\d+<\/loc>/);
  });
}
