// A channel's branding as its share images draw it: its name, logo and colours (read with the channel, per host,
// api/middleware/tenant.ts), and their version, part of every share image's URL.
import { DEFAULT_COLORS } from "../../contract/colors";
import { colour } from "./palette";
import { contentVersion } from "./version";

export interface ChannelBrand {
  /** The setting "title", else the channel's name. */
  name: string;
  /** The setting "logo" (an /api/assets/… URL), or null. */
  logo: string | null;
  primary: string;
  secondary: string;
  /** The header's colours: the logo is drawn for them. */
  headerBg: string;
  headerText: string;
  version: string;
}

/** The brand from the channel's name and its stored settings and web colours (JSON objects, or null when none). */
export function channelBrand(channelName: string, settingsJson: string | null, colorsJson: string | null): ChannelBrand {
  const settings = parseObject(settingsJson);
  const colors = parseObject(colorsJson);
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);
  const pick = (key: keyof typeof DEFAULT_COLORS) => colour(str(colors[key]), DEFAULT_COLORS[key]);
  const brand = {
    name: str(settings.title) ?? channelName,
    logo: str(settings.logo),
    primary: pick("primary"),
    secondary: pick("secondary"),
    headerBg: pick("header-bg"),
    headerText: pick("header-text"),
  };
  return { ...brand, version: contentVersion(brand) };
}

function parseObject(json: string | null): Record<string, unknown> {
  if (!json) return {};
  try {
    const v: unknown = JSON.parse(json);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
