// Local development's opt-in (scripts/lib/dev-vars.ts, issue 25): `npm run setup` writes .dev.vars when it is missing,
// completes one without APP_ENV, and keeps one that names it.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ensureDevVars, parseDevVars } from "../../scripts/lib/dev-vars";
import { appConfig, deployProblems, devToolsOn } from "@api/env";

const file = () => path.join(mkdtempSync(path.join(os.tmpdir(), "dev-vars-")), ".dev.vars");

describe(".dev.vars", () => {
  it("is written when missing: development, with secrets of this machine, readable by its owner only", () => {
    const a = file();
    expect(ensureDevVars(a)).toBe("written");
    const vars = parseDevVars(readFileSync(a, "utf8"));
    expect(vars.APP_ENV).toBe("development");
    expect(vars.AUTH_SECRET!.length).toBeGreaterThanOrEqual(32);
    expect(vars.LOCAL_INGEST_SECRET!.length).toBeGreaterThanOrEqual(32);
    expect(statSync(a).mode & 0o077).toBe(0);
    const config = appConfig({ APP_ENV: "production", ...vars });
    expect(devToolsOn(config)).toBe(true);
    expect(deployProblems(config)).toEqual([]);
    // Another machine (another file) gets other secrets.
    const b = file();
    ensureDevVars(b);
    expect(parseDevVars(readFileSync(b, "utf8")).AUTH_SECRET).not.toBe(vars.AUTH_SECRET);
  });

  it("gets APP_ENV added when made by hand without it, and is kept as it is when it names one", () => {
    const f = file();
    writeFileSync(f, "# my issuer\nOAUTH_LOCAL_ISSUER=http://127.0.0.1:8790");
    expect(ensureDevVars(f)).toBe("completed");
    expect(parseDevVars(readFileSync(f, "utf8"))).toEqual({ OAUTH_LOCAL_ISSUER: "http://127.0.0.1:8790", APP_ENV: "development" });
    expect(ensureDevVars(f)).toBe("kept");
    writeFileSync(f, 'APP_ENV="test"\n');
    expect(ensureDevVars(f)).toBe("kept");
    expect(readFileSync(f, "utf8")).toBe('APP_ENV="test"\n');
  });

  it("is read as wrangler reads dotenv: comments skipped, quotes dropped", () => {
    expect(parseDevVars('# A=1\nB = "two"\nC=\'3\'\n  D=4  \nnot a line')).toEqual({ B: "two", C: "3", D: "4" });
  });
});
