// The console's video calls answer in English (api/contract/video.ts); the console shows each message an owner can
// meet in the page's language (app/locales/*/video.json "api"), through consoleMessage.
import { readFileSync } from "node:fs";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { VIDEO_MESSAGES } from "../../api/contract/video";
import { consoleMessage } from "~/features/console/messages";

const load = (lang: string, ns: string) => JSON.parse(readFileSync(`app/locales/${lang}/${ns}.json`, "utf8")) as Record<string, unknown>;
/** Messages for machines (the ingest process, a provider's webhook), never shown in the console. */
const MACHINE_ONLY = new Set(["badIngestSecret", "notLocal", "badSignature", "badNotificationSecret"]);

describe("the console's video messages", () => {
  const shown = Object.entries(VIDEO_MESSAGES).filter(([key]) => !MACHINE_ONLY.has(key));

  it("has English words equal to the API's and French words for every message an owner can meet", () => {
    const en = load("en", "video").api as Record<string, string>;
    const fr = load("fr", "video").api as Record<string, string>;
    for (const [key, text] of shown) {
      expect(en[key], key).toBe(text);
      expect(fr[key], key).toBeTruthy();
      expect(fr[key], key).not.toBe(text);
    }
  });

  it("are shown in French on a French console, and unknown words as they came", async () => {
    const i18n = createInstance();
    await i18n.init({ lng: "fr", resources: { fr: { video: load("fr", "video"), console: load("fr", "console") } } });
    expect(consoleMessage(i18n.t, VIDEO_MESSAGES.inputLive)).toBe("L’encodeur diffuse encore vers cette entrée. Arrêtez d’abord la diffusion.");
    expect(consoleMessage(i18n.t, VIDEO_MESSAGES.uploadAbandoned)).toBe("Le téléversement n’a pas été terminé dans les 24 heures.");
    expect(consoleMessage(i18n.t, "Something else.")).toBe("Something else.");
  });
});
