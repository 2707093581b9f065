// Whether the runtime's Intl knows an IANA time zone. Shared by the web's event times, the reminder mails and the
// calendar feeds: a catalogue value must never make a page, a mail or a feed fail. The answer is kept per zone, since
// asking means building an Intl.DateTimeFormat, which costs far more than the lookup (a page renders dozens of times).
const known = new Map<string, boolean>();

export function isKnownZone(zone: string): boolean {
  let ok = known.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    // Zones come from the channel's own catalogue: a handful per channel, so the map stays small.
    known.set(zone, ok);
  }
  return ok;
}
