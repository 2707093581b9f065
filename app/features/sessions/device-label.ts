// How a signed-in device is named to the viewer (issue 13): its kind ("TV", "Web browser") and what its user agent
// says ("Chrome on Windows"). Shared by the Devices tab and the streams-limit prompt; `t` is the sessions namespace.
import type { TFunction } from "i18next";

const DEVICE_KINDS = ["web", "tv", "mobile"] as const;

export interface DeviceLike {
  device: string;
  browser: string | null;
  os: string | null;
}

export const deviceKind = (t: TFunction, device: string) => t(`device.${(DEVICE_KINDS as readonly string[]).includes(device) ? device : "other"}`);

export function browserOnOs(t: TFunction, s: DeviceLike): string {
  if (s.browser && s.os) return t("page.browserOn", { browser: s.browser, os: s.os });
  return s.browser ?? s.os ?? t("page.unknownBrowser");
}

/** "TV · Samsung Internet on Tizen". */
export const deviceLabel = (t: TFunction, s: DeviceLike) => `${deviceKind(t, s.device)} · ${browserOnOs(t, s)}`;
