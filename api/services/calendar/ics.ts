// The iCalendar writer (RFC 5545) of "Add to calendar" and the team, school and sport feeds (issue 12). Pure: it
// takes plain values and returns the file's text. Times are written in the event's own zone (DTSTART;TZID=…) with a
// VTIMEZONE built from the runtime's zone data, so calendars show the venue's time and keep it across DST.
import { isKnownZone, offsetAt, transitions, wallTime, type Transition, type WallTime } from "./zone";

export const ICS_CONTENT_TYPE = "text/calendar; charset=utf-8";
/** RFC 5545 §3.1: lines longer than 75 octets are folded. */
const MAX_LINE_OCTETS = 75;
const CRLF = "\r\n";

export interface IcsEvent {
  /** Globally unique and stable across downloads, so a calendar updates the event instead of adding it twice. */
  uid: string;
  /** Epoch ms. */
  start: number;
  end: number;
  /** IANA zone of the venue. */
  timeZone: string;
  summary: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  status?: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
  categories?: readonly string[];
}

export interface IcsCalendar {
  prodId: string;
  /** When the file is made (DTSTAMP of every event), epoch ms. */
  stamp: number;
  events: readonly IcsEvent[];
  /** A subscribed feed: its name and how often calendars should fetch it again (ISO 8601 duration). */
  feed?: { name: string; refresh: string };
}

/** TEXT values (RFC 5545 §3.3.11): backslash, semicolon and comma are escaped, line breaks become \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();
const octets = (s: string) => encoder.encode(s).length;

/**
 * Folds one content line into lines of at most 75 octets, each continuation starting with a space (RFC 5545 §3.1).
 * Splits between code points only, so a multi-byte UTF-8 character is never cut in two.
 */
export function foldLine(line: string): string {
  if (octets(line) <= MAX_LINE_OCTETS) return line;
  const lines: string[] = [];
  let current = "";
  let size = 0;
  // The first line holds 75 octets; a continuation holds 74 after its leading space.
  let limit = MAX_LINE_OCTETS;
  for (const ch of line) {
    const n = octets(ch);
    if (size + n > limit) {
      lines.push(current);
      current = "";
      size = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += ch;
    size += n;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const stamp = (w: WallTime) => `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;

/** DATE-TIME in UTC: 20261122T120000Z. */
export function utcDateTime(ms: number): string {
  return `${stamp(wallTime(ms, "UTC"))}Z`;
}

/** TZOFFSETFROM/TO values: +0100, -0430. */
export function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/**
 * The zone's VTIMEZONE for the years the events fall in. It starts with the observance in force on 1 January of the
 * year before the first event (so every instant from then on has one), followed by one STANDARD or DAYLIGHT per offset
 * change. A zone without changes gets one STANDARD. DTSTART of an observance is local time in the offset before it.
 */
export function vtimezone(zone: string, from: number, to: number): string[] {
  const firstYear = wallTime(from, "UTC").year - 1;
  const lastYear = wallTime(to, "UTC").year;
  const start = Date.UTC(firstYear, 0, 1);
  const changes = transitions(zone, start, Date.UTC(lastYear + 1, 0, 1));
  const initial = offsetAt(start, zone);
  // Where the zone has two offsets, the larger is its summer (daylight) time.
  const offsets = new Set([initial, ...changes.map((c) => c.to)]);
  const daylight = offsets.size > 1 ? Math.max(...offsets) : null;
  const observance = (t: Transition) => {
    const kind = t.to === daylight ? "DAYLIGHT" : "STANDARD";
    return [
      `BEGIN:${kind}`,
      `DTSTART:${stamp(wallTime(t.at + t.from * 60_000, "UTC"))}`,
      `TZOFFSETFROM:${utcOffset(t.from)}`,
      `TZOFFSETTO:${utcOffset(t.to)}`,
      `END:${kind}`,
    ];
  };
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${zone}`,
    ...observance({ at: start, from: initial, to: initial }),
    ...changes.flatMap(observance),
    "END:VTIMEZONE",
  ];
}

/** A zone the runtime does not know is written in UTC rather than breaking the file. */
const zoneOf = (e: IcsEvent) => (isKnownZone(e.timeZone) ? e.timeZone : "UTC");

function localDateTime(ms: number, zone: string): string {
  return zone === "UTC" ? `:${utcDateTime(ms)}` : `;TZID=${zone}:${stamp(wallTime(ms, zone))}`;
}

function vevent(e: IcsEvent, dtstamp: number): string[] {
  const zone = zoneOf(e);
  return [
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `DTSTAMP:${utcDateTime(dtstamp)}`,
    `DTSTART${localDateTime(e.start, zone)}`,
    `DTEND${localDateTime(Math.max(e.end, e.start), zone)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.url ? [`URL:${e.url}`] : []),
    ...(e.categories?.length ? [`CATEGORIES:${e.categories.map(escapeText).join(",")}`] : []),
    `STATUS:${e.status ?? "CONFIRMED"}`,
    "END:VEVENT",
  ];
}

/** The whole file: CRLF line ends, folded lines, one VTIMEZONE per zone used. */
export function writeCalendar(cal: IcsCalendar): string {
  const spans = new Map<string, { from: number; to: number }>();
  for (const e of cal.events) {
    const zone = zoneOf(e);
    if (zone === "UTC") continue;
    const span = spans.get(zone);
    spans.set(zone, { from: Math.min(span?.from ?? e.start, e.start), to: Math.max(span?.to ?? e.end, e.end, e.start) });
  }
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${cal.prodId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(cal.feed
      ? [
          `NAME:${escapeText(cal.feed.name)}`,
          `X-WR-CALNAME:${escapeText(cal.feed.name)}`,
          `REFRESH-INTERVAL;VALUE=DURATION:${cal.feed.refresh}`,
          `X-PUBLISHED-TTL:${cal.feed.refresh}`,
        ]
      : []),
    ...[...spans].flatMap(([zone, span]) => vtimezone(zone, span.from, span.to)),
    ...cal.events.flatMap((e) => vevent(e, cal.stamp)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
