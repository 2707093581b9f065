// The flash toast's cookie (issue 28): only known types and message keys come back from it.
import { describe, expect, it } from "vitest";
import { encodeFlashToast } from "~/lib/toast";
import { decodeFlashToast } from "~/server/toast.server";

describe("flash toasts", () => {
  it("reads back what was written", () => {
    const toast = { type: "info", key: "loggedOut", id: "k3x9" } as const;
    expect(decodeFlashToast(encodeFlashToast(toast))).toEqual(toast);
  });

  it.each([null, "", "info", "info.loggedOut", "warning.loggedOut.a1", "info.<script>.a1", "info.loggedOut.A-1", "info.loggedOut.a1.extra"])("ignores %s", (value) => {
    expect(decodeFlashToast(value)).toBeNull();
  });
});
