// The channel's Google tag (issue 14): which ids count, when it may load and when the CSP lets it in, the commerce
// events as GA4 ecommerce events (USD unless given, SPEC §9), and what starting it puts on the page.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ga4Event, googleTagSrc } from "~/features/analytics/google-tag";
import { googleTagHostsAllowed, googleTagId, mayLoadGoogleTag } from "~/features/analytics/google-tag-rules";
import { emitCommerceEvent, onCommerceEvent, type CommerceEvent } from "~/features/commerce/events";
import { contentSecurityPolicy } from "~/server/security.server";

const pass = { id: 7, name: "Season Pass", price: 89.99 };

describe("googleTagId", () => {
  it("keeps well-formed Google tag ids, and drops anything that could not be one", () => {
    expect(googleTagId("G-ALPHA2026")).toBe("G-ALPHA2026");
    expect(googleTagId(" g-beta2026 ")).toBe("G-BETA2026");
    expect(googleTagId("GT-ABCD123")).toBe("GT-ABCD123");
    expect(googleTagId("AW-123456789")).toBe("AW-123456789");
    for (const bad of [null, undefined, "", "G-", "UA-1234-1", "G-ABC&x=1", "G-ABC\"><script>", "https://evil.example/G-ABCD"]) expect(googleTagId(bad), String(bad)).toBeNull();
  });

  it("goes into the script URL encoded", () => {
    expect(googleTagSrc("G-ALPHA2026")).toBe("https://www.googletagmanager.com/gtag/js?id=G-ALPHA2026");
  });
});

describe("when the tag may load", () => {
  it("loads only with a tag id, after an Accept, and never in the embed player", () => {
    expect(mayLoadGoogleTag("G-ALPHA2026", "accepted")).toBe(true);
    expect(mayLoadGoogleTag("G-ALPHA2026", "declined")).toBe(false);
    expect(mayLoadGoogleTag("G-ALPHA2026", null)).toBe(false);
    expect(mayLoadGoogleTag(null, "accepted")).toBe(false);
    expect(mayLoadGoogleTag("G-ALPHA2026", "accepted", true)).toBe(false);
  });

  it("keeps Google's hosts out of the CSP after a refusal, without a tag id and in the embed player", () => {
    expect(googleTagHostsAllowed("G-ALPHA2026", "accepted")).toBe(true);
    // An Accept works without a reload, and a loaded page's policy cannot be widened.
    expect(googleTagHostsAllowed("G-ALPHA2026", null)).toBe(true);
    expect(googleTagHostsAllowed("G-ALPHA2026", "declined")).toBe(false);
    expect(googleTagHostsAllowed(null, "accepted")).toBe(false);
    expect(googleTagHostsAllowed("G-ALPHA2026", "accepted", true)).toBe(false);
  });

  it("adds the tag's script, image and hit hosts to the CSP only when asked, leaving every other directive alone", () => {
    const env = { APP_ENV: "development" } as const;
    const without = contentSecurityPolicy({ nonce: "abc", config: env });
    const withTag = contentSecurityPolicy({ nonce: "abc", config: env, googleTag: true });
    expect(without).not.toMatch(/googletagmanager|google-analytics|analytics\.google/);
    expect(withTag).toContain("script-src 'self' 'nonce-abc' https://www.googletagmanager.com https://www.gstatic.com;");
    // The Cast sender SDK's host (ADR 019) is there with or without the tag.
    expect(without).toContain("script-src 'self' 'nonce-abc' https://www.gstatic.com;");
    expect(withTag).toContain("img-src 'self' data: blob: https://*.google-analytics.com https://*.googletagmanager.com;");
    expect(withTag).toContain("connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com;");
    const others = (csp: string) => csp.split("; ").filter((d) => !/^(script|img|connect)-src /.test(d));
    expect(others(withTag)).toEqual(others(without));
  });
});

describe("ga4Event", () => {
  const event = (e: Partial<CommerceEvent> & Pick<CommerceEvent, "name">): CommerceEvent => ({ currency: "USD", value: 89.99, items: [pass], ...e });

  it("maps a purchase to GA4's purchase: transaction id, value, currency, coupon and the items", () => {
    expect(ga4Event(event({ name: "purchase", value: 80.99, orderId: 42, coupon: "WELCOME10" }))).toEqual([
      "purchase",
      {
        transaction_id: "42",
        value: 80.99,
        currency: "USD",
        coupon: "WELCOME10",
        items: [{ item_id: "7", item_name: "Season Pass", price: 89.99, quantity: 1 }],
      },
    ]);
  });

  it("maps view_item, begin_checkout and add_payment_info the same way, with no transaction id", () => {
    for (const name of ["view_item", "begin_checkout", "add_payment_info"] as const) {
      expect(ga4Event(event({ name, currency: "CAD" }))).toEqual([
        name,
        { value: 89.99, currency: "CAD", items: [{ item_id: "7", item_name: "Season Pass", price: 89.99, quantity: 1 }] },
      ]);
    }
    expect(ga4Event(event({ name: "begin_checkout", coupon: "WELCOME10" }))[1].coupon).toBe("WELCOME10");
  });

  it("maps a list to view_item_list: the list on the event and each item, positions, and no amount", () => {
    const list = { id: "packages", name: "Packages" };
    const [name, params] = ga4Event(event({ name: "view_item_list", value: 99.98, items: [pass, { id: 8, name: "Monthly", price: 9.99 }], list }));
    expect(name).toBe("view_item_list");
    expect(params).toEqual({
      currency: "USD",
      item_list_id: "packages",
      item_list_name: "Packages",
      items: [
        { item_id: "7", item_name: "Season Pass", price: 89.99, quantity: 1, index: 0, item_list_id: "packages", item_list_name: "Packages" },
        { item_id: "8", item_name: "Monthly", price: 9.99, quantity: 1, index: 1, item_list_id: "packages", item_list_name: "Packages" },
      ],
    });
  });

  it("tracks in USD when the checkout gave no currency (SPEC §9)", () => {
    const seen: CommerceEvent[] = [];
    const off = onCommerceEvent((e) => seen.push(e));
    emitCommerceEvent({ name: "purchase", value: 5, items: [pass], orderId: 1 });
    off();
    expect(ga4Event(seen[0]!)[1].currency).toBe("USD");
  });
});

describe("startGoogleTag", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  /** Just enough of a document: the page's nonce on its scripts, and what is appended to the head. */
  function fakePage(href = "http://alpha.localhost/packages") {
    const appended: Record<string, unknown>[] = [];
    const win = { location: { href }, dataLayer: undefined as unknown[] | undefined };
    vi.stubGlobal("window", win);
    vi.stubGlobal("document", {
      title: "Packages | Alpha",
      querySelector: () => ({ nonce: "n0nce" }),
      createElement: (tag: string) => ({ tag, setAttribute(name: string, value: string) { (this as Record<string, unknown>)[`@${name}`] = value; } }),
      head: { appendChild: (el: Record<string, unknown>) => appended.push(el) },
    });
    const commands = () => (win.dataLayer ?? []).map((args) => Array.from(args as IArguments));
    return { win, appended, commands };
  }

  it("queues gtag's commands, adds the script with the nonce, sends the page view first, then this page's waiting events", async () => {
    const { appended, commands } = fakePage();
    const { startGoogleTag } = await import("~/features/analytics/google-tag");
    const events = await import("~/features/commerce/events");
    const list: CommerceEvent = { name: "view_item_list", currency: "USD", value: 89.99, items: [pass], list: { id: "packages", name: "Packages" } };
    const tag = startGoogleTag("G-ALPHA2026", [list]);
    expect(appended).toEqual([expect.objectContaining({ tag: "script", async: true, src: "https://www.googletagmanager.com/gtag/js?id=G-ALPHA2026", "@nonce": "n0nce" })]);
    // An event before the first page view waits for it.
    events.emitCommerceEvent({ name: "view_item", value: 89.99, items: [pass] });
    expect(commands().map((c) => c[0])).toEqual(["js", "config"]);
    expect(commands()[1]).toEqual(["config", "G-ALPHA2026", { send_page_view: false }]);
    tag.pageView();
    expect(commands().map((c) => c.slice(0, 2))).toEqual([
      ["js", expect.any(Date)],
      ["config", "G-ALPHA2026"],
      ["event", "page_view"],
      ["event", "view_item_list"],
      ["event", "view_item"],
    ]);
    expect(commands()[2]![2]).toEqual({ page_location: "http://alpha.localhost/packages", page_title: "Packages | Alpha" });
    events.emitCommerceEvent({ name: "purchase", value: 89.99, items: [pass], orderId: 9 });
    expect(commands().at(-1)).toEqual(["event", "purchase", ga4Event({ name: "purchase", currency: "USD", value: 89.99, items: [pass], orderId: 9 })[1]]);
    // Started once per document, whoever asks again.
    expect(startGoogleTag("G-ALPHA2026")).toBe(tag);
    expect(appended).toHaveLength(1);
  });

  it("gives a later page view the page before it as referrer, and counts a page posted back to itself once", async () => {
    const { win, commands } = fakePage("http://alpha.localhost/");
    const { startGoogleTag } = await import("~/features/analytics/google-tag");
    const tag = startGoogleTag("G-ALPHA2026");
    tag.pageView();
    tag.pageView();
    win.location.href = "http://alpha.localhost/vod";
    tag.pageView();
    expect(commands().filter((c) => c[1] === "page_view").map((c) => c[2])).toEqual([
      { page_location: "http://alpha.localhost/", page_title: "Packages | Alpha" },
      { page_location: "http://alpha.localhost/vod", page_title: "Packages | Alpha", page_referrer: "http://alpha.localhost/" },
    ]);
  });
});
