// The footer's social icons (app/features/shell/social-icons.ts): a channel's setting names its network in any case,
// "twitter" is X, and a network the sprite does not draw is none (the footer then shows its name). Every network the
// code knows has its symbol in the sprite.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SOCIAL_NETWORKS, socialNetwork } from "~/features/shell/social-icons";

describe("socialNetwork", () => {
  it("reads the setting's network in any case, and twitter as X", () => {
    expect(socialNetwork("facebook")).toBe("facebook");
    expect(socialNetwork(" YouTube ")).toBe("youtube");
    expect(socialNetwork("Twitter")).toBe("x");
    expect(socialNetwork("tiktok")).toBe("tiktok");
  });

  it("is none for a network without an icon, and for an object's own names", () => {
    for (const other of ["threads", "", "constructor", "toString", "__proto__"]) expect(socialNetwork(other), other).toBeNull();
  });

  it("has a symbol in the sprite for each network it knows", () => {
    const sprite = readFileSync("public/icons/social.svg", "utf8");
    for (const key of Object.keys(SOCIAL_NETWORKS)) expect(sprite).toMatch(new RegExp(`<symbol id="${key}" viewBox="0 0 24 24"><path d="[^"]+"/></symbol>`));
  });
});
