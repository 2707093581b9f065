import { describe, expect, it } from "vitest";
import { ALPHA_STEPS, COLOR_KEYS, DEFAULT_COLORS, parseHexColor, themeCss, themeVariables } from "~/lib/theme";

const vars = (colors: Record<string, string>) => Object.fromEntries(themeVariables(colors));

describe("theme variables", () => {
  it("gives every colour its value, its RGB channels and alpha steps 10…90", () => {
    const v = vars({ primary: "#FF5A1F" });
    expect(v["--color-primary"]).toBe("#ff5a1f");
    expect(v["--color-primary-rgb"]).toBe("255 90 31");
    expect(v["--color-primary-a50"]).toBe("rgb(255 90 31 / 0.5)");
    expect(v["--color-primary-a10"]).toBe("rgb(255 90 31 / 0.1)");
    for (const key of COLOR_KEYS) {
      expect(v[`--color-${key}`]).toBeDefined();
      for (const step of ALPHA_STEPS) expect(v[`--color-${key}-a${step}`]).toMatch(/^rgb\(\d+ \d+ \d+ \/ 0\.\d\)$/);
    }
  });

  it("falls back to the platform palette for missing colours", () => {
    expect(vars({})["--color-background"]).toBe(DEFAULT_COLORS.background);
  });

  it("ignores values that are not hex colours, so settings cannot inject CSS", () => {
    const v = vars({ primary: "red;}</style><script>alert(1)</script>", text: "url(javascript:x)" });
    expect(v["--color-primary"]).toBe(DEFAULT_COLORS.primary);
    expect(v["--color-text"]).toBe(DEFAULT_COLORS.text);
    const css = themeCss({ primary: "#000;}body{display:none" }, { scheme: "dark", font: "</style>" });
    expect(css).not.toContain("</style>");
    expect(css).not.toContain("display:none");
  });

  it("expands short hex colours", () => {
    expect(parseHexColor("#fa0")).toEqual([255, 170, 0]);
    expect(parseHexColor("#ffaa0080")).toEqual([255, 170, 0]);
    expect(parseHexColor("rgb(1,2,3)")).toBeNull();
  });

  it("writes one :root rule with the colour scheme and the font", () => {
    const css = themeCss({ background: "#0b0f19" }, { scheme: "dark", font: "Inter" });
    expect(css.startsWith(":root{")).toBe(true);
    expect(css).toContain("--color-background:#0b0f19");
    expect(css).toContain("color-scheme:dark");
    expect(css).toContain("--font-body:Inter, system-ui");
  });

  it("differs between two channels' colours", () => {
    expect(themeCss({ primary: "#ff5a1f" }, { scheme: "dark", font: "system-ui" })).not.toBe(
      themeCss({ primary: "#0057b8" }, { scheme: "light", font: "system-ui" }),
    );
  });
});
