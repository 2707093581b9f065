// The clip cutter (issue 11): under the player, a timeline of thumbnails with the cut's start and end as two
// sliders (keyboard: arrows move by one segment; I and O mark the player's position), the cut's name and tags, an
// instant preview that plays the range in the player itself, and "Create clip", which posts to /action/clips. The
// form validates with the API's own schema in the visitor's language; the API decides again and its refusals show
// inline. Without the right to clip, the panel says why and which passes give it (the API's verdict).
// Issue 28: it takes the focus when it opens (the start handle once the cut is placed), Escape closes it, and the
// timeline zooms around the cut (buttons, + and −) so the two handles never overlap.
import { clipSchema, thumbnailFrameUrl, type Clip, type ClipVerdict, type Thumbnails } from "@api/contract/clips";
import { useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { clock } from "~/features/player/usePlaybackState";
import type { PlayerHandle } from "~/features/player/Player";
import type { ClipsActionData } from "~/routes/action.clips";
import { cutFromMarker, followRange, initialCut, moveEdge, percentOf, pickSpan, readyToCut, thumbnailSlots, zoomSpans, zoomStep, zoomWindow, type PlayerReading, type Span } from "./cut";
import { clipFormMessages, type ClipTag } from "./messages";

export interface ClipSourceRef {
  event_id?: number;
  event_media_id?: number;
}

export interface ClipCutterProps {
  id: string;
  handle: PlayerHandle | null;
  verdict: ClipVerdict;
  thumbnails: Thumbnails | null;
  source: ClipSourceRef;
  tags: readonly ClipTag[];
  onClose: () => void;
  /** The API made the clip (and the page's data is fresh): the area closes the cutter and says so. */
  onCreated: (clip: Clip) => void;
  /** Moments marked on the player's timeline (the event's key plays): shown on the timeline, a cut starts at one. */
  markers?: readonly number[];
}

const THUMB_SLOTS = 8;

/** The player's seekable range and position, read every second and on every time update while the cutter is open. */
function usePlayerClock(handle: PlayerHandle | null) {
  const [now, setNow] = useState<PlayerReading | null>(null);
  useEffect(() => {
    if (!handle) return;
    const read = () => {
      const video = handle.video;
      // Data at the position: before a live stream's first seek lands, the position is 0 with nothing buffered there.
      const steady = video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && !video.seeking;
      setNow({ range: handle.seekRange(), time: video.currentTime, live: handle.isLive(), steady });
    };
    read();
    const timer = setInterval(read, 1_000);
    // "seeked": the first cut waits for the player's first seek (a live stream's jump to its edge) to land.
    for (const type of ["timeupdate", "seeked"]) handle.video.addEventListener(type, read);
    return () => {
      clearInterval(timer);
      for (const type of ["timeupdate", "seeked"]) handle.video.removeEventListener(type, read);
    };
  }, [handle]);
  return now;
}

export function ClipCutter(props: ClipCutterProps) {
  const { id, handle, verdict, thumbnails, source, tags, onClose, onCreated, markers = [] } = props;
  const { t } = useTranslation("clips");
  const titleId = `${id}-title`;
  const player = usePlayerClock(handle);
  const step = verdict.segment_duration_s;
  const [cut, setCut] = useState<Span | null>(null);
  useEffect(() => {
    if (!player) return;
    if (!cut) {
      if (readyToCut(player, step)) setCut(initialCut(player.time, player.range, player.live, step));
      return;
    }
    const kept = followRange(cut, player.range, step);
    if (kept !== cut) setCut(kept);
  }, [player, cut, step]);

  const fetcher = useFetcher<ClipsActionData>();
  const [name, setName] = useState("");
  const [picked, setPicked] = useState<string[]>([]);
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({});
  const [previewing, setPreviewing] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const startRef = useRef<HTMLInputElement>(null);

  const answer = fetcher.data;
  const handled = useRef<unknown>(null);
  useEffect(() => {
    // Once the page's data has been reloaded after the answer (idle): the area then closes the cutter.
    if (fetcher.state !== "idle" || handled.current === answer) return;
    handled.current = answer;
    if (answer?.ok && answer.intent === "create") onCreated(answer.clip);
    // Each answer is a new object: handled once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, fetcher.state]);

  // Opened, the cutter takes the focus: the panel at once, then its first control, the start handle, as soon as the
  // cut is placed (the player's position read), unless the viewer has moved on meanwhile.
  const sectionRef = useRef<HTMLElement>(null);
  const hasCut = cut !== null;
  useEffect(() => sectionRef.current?.focus({ preventScroll: true }), []);
  useEffect(() => {
    if (hasCut && document.activeElement === sectionRef.current) startRef.current?.focus({ preventScroll: true });
  }, [hasCut]);
  const serverErrors = answer && !answer.ok && answer.intent === "create" ? answer.errors : {};
  const errors = { ...serverErrors, ...clientErrors };
  const formError = answer && !answer.ok && answer.intent === "create" && !Object.keys(answer.errors).length ? answer.message : null;

  // The preview plays the cut in the player and stops at its end.
  useEffect(() => {
    if (!previewing || !handle || !cut) return;
    const video = handle.video;
    const stop = () => {
      if (video.currentTime >= cut.end - 0.05) {
        video.pause();
        setPreviewing(false);
      }
    };
    video.addEventListener("timeupdate", stop);
    return () => video.removeEventListener("timeupdate", stop);
  }, [previewing, handle, cut]);

  // The zoom: the viewer's span (the first one fits the cut), kept while the cut allows it; the window follows the cut.
  const [zoom, setZoom] = useState<number | null>(null);
  const shownWindow = useRef<Span | null>(null);
  const zoomed = useMemo(() => {
    if (!player || !cut) return null;
    const spans = zoomSpans(player.range, cut.end - cut.start);
    const span = pickSpan(spans, cut.end - cut.start, zoom);
    return { span, window: zoomWindow(player.range, cut, span, shownWindow.current), zoomIn: zoomStep(spans, span, "in"), zoomOut: zoomStep(spans, span, "out") };
  }, [player, cut, zoom]);
  const window = zoomed?.window ?? null;
  useEffect(() => {
    shownWindow.current = window;
    if (zoom === null && zoomed) setZoom(zoomed.span);
  }, [window, zoom, zoomed]);
  const zoomBy = (direction: "in" | "out") => {
    const next = direction === "in" ? zoomed?.zoomIn : zoomed?.zoomOut;
    if (next) setZoom(next);
  };
  const max = verdict.max_duration_s;

  if (!verdict.can_clip) return null;

  const move = (edge: "start" | "end", to: number) => {
    if (!player || !cut) return;
    setCut(moveEdge(cut, edge, to, player.range, step, max));
    setClientErrors({});
  };
  const preview = () => {
    if (!handle || !cut) return;
    if (previewing) {
      handle.video.pause();
      setPreviewing(false);
      return;
    }
    handle.video.currentTime = cut.start;
    void handle.video.play().catch(() => undefined);
    setPreviewing(true);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      return onClose();
    }
    const target = e.target as HTMLElement;
    const typing = target.tagName === "TEXTAREA" || (target.tagName === "INPUT" && (target as HTMLInputElement).type === "text");
    if (e.altKey || e.ctrlKey || e.metaKey || typing || !player) return;
    if (e.key.toLowerCase() === "i") move("start", player.time), e.preventDefault();
    else if (e.key.toLowerCase() === "o") move("end", player.time), e.preventDefault();
    else if (e.key === "+" || e.key === "=") zoomBy("in"), e.preventDefault();
    else if (e.key === "-" || e.key === "−") zoomBy("out"), e.preventDefault();
  };

  function validate(e: FormEvent<HTMLFormElement>) {
    if (!cut || !player) return e.preventDefault();
    const parsed = clipSchema(clipFormMessages(t)).safeParse({ ...source, name, start_time: cut.start, duration: cut.end - cut.start, tags: picked });
    const found: Record<string, string[]> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) (found[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    if (cut.end > player.range.end + 0.5) (found.duration ??= []).push(t("messages.longerThanEnd"));
    setClientErrors(found);
    if (Object.keys(found).length) {
      e.preventDefault();
      if (found.name) nameRef.current?.focus();
    }
  }

  const busy = fetcher.state !== "idle";
  const length = cut ? cut.end - cut.start : 0;
  const errorOf = (field: string) => errors[field]?.[0];
  const rangeError = errorOf("duration") ?? errorOf("start_time") ?? errorOf("event_id");

  return (
    <section ref={sectionRef} id={id} className="clip-cutter" aria-labelledby={titleId} onKeyDown={onKeyDown} tabIndex={-1} data-testid="clip-cutter">
      <header className="clip-cutter__header">
        <h2 id={titleId}>{t("cutter.title")}</h2>
        <p className="clip-cutter__remaining" data-remaining={verdict.remaining}>
          {t("cutter.remaining", { count: verdict.remaining })}
        </p>
        <button type="button" className="button clip-cutter__close" onClick={onClose} aria-label={t("cutter.close")}>
          <span aria-hidden="true">×</span>
        </button>
      </header>

      {window && cut ? (
        <>
          <div className="clip-cutter__timeline" role="group" aria-label={t("cutter.timeline")}>
            {thumbnails ? (
              <div className="clip-cutter__thumbs" aria-hidden="true">
                {thumbnailSlots(window, THUMB_SLOTS, thumbnails.interval_s).map((slot) => (
                  <img key={slot.at} src={thumbnailFrameUrl(thumbnails, slot.n)} alt="" width={thumbnails.width} height={thumbnails.height} loading="lazy" />
                ))}
              </div>
            ) : null}
            <div className="clip-cutter__selection" aria-hidden="true" style={{ left: `${percentOf(cut.start, window)}%`, width: `${percentOf(cut.end, window) - percentOf(cut.start, window)}%` }} />
            {player && player.time >= window.start && player.time <= window.end ? (
              <div className="clip-cutter__playhead" aria-hidden="true" style={{ left: `${percentOf(player.time, window)}%` }} />
            ) : null}
            {markers
              .filter((m) => m >= window.start && m <= window.end)
              .map((m) => (
                <button
                  key={m}
                  type="button"
                  className="clip-cutter__marker"
                  style={{ left: `${percentOf(m, window)}%` }}
                  aria-label={t("cutter.fromMarker", { time: clock(m) })}
                  title={t("cutter.fromMarker", { time: clock(m) })}
                  onClick={() => {
                    if (!player) return;
                    setCut(cutFromMarker(m, player.range, step, max));
                    setClientErrors({});
                  }}
                />
              ))}
            <RangeHandle inputRef={startRef} edge="start" label={t("cutter.startSlider")} value={cut.start} window={window} step={step} onChange={(v) => move("start", v)} />
            <RangeHandle edge="end" label={t("cutter.endSlider")} value={cut.end} window={window} step={step} onChange={(v) => move("end", v)} />
          </div>
          <div className="clip-cutter__zoom" data-testid="clip-zoom" data-span={zoomed?.span}>
            <span className="clip-cutter__edge" data-testid="clip-window-start">
              {clock(window.start)}
            </span>
            <span className="clip-cutter__zoom-buttons">
              <button type="button" className="button button--small" onClick={() => zoomBy("out")} aria-disabled={!zoomed?.zoomOut} aria-keyshortcuts="-" aria-label={t("cutter.zoomOut")} title={t("cutter.zoomOut")}>
                <span aria-hidden="true">−</span>
              </button>
              <span className="clip-cutter__span">{t("cutter.zoomSpan", { span: clock(window.end - window.start) })}</span>
              <button type="button" className="button button--small" onClick={() => zoomBy("in")} aria-disabled={!zoomed?.zoomIn} aria-keyshortcuts="+" aria-label={t("cutter.zoomIn")} title={t("cutter.zoomIn")}>
                <span aria-hidden="true">+</span>
              </button>
            </span>
            <span className="clip-cutter__edge" data-testid="clip-window-end">
              {clock(window.end)}
            </span>
          </div>
          <div className="clip-cutter__times">
            <span className="clip-cutter__time">
              {t("cutter.start")} <strong data-testid="clip-start">{clock(cut.start)}</strong>
            </span>
            <button type="button" className="button button--small" onClick={() => player && move("start", player.time)} aria-keyshortcuts="I">
              {t("cutter.markIn")}
            </button>
            <span className="clip-cutter__time">
              {t("cutter.end")} <strong data-testid="clip-end">{clock(cut.end)}</strong>
            </span>
            <button type="button" className="button button--small" onClick={() => player && move("end", player.time)} aria-keyshortcuts="O">
              {t("cutter.markOut")}
            </button>
            <span className="clip-cutter__length" data-seconds={length}>
              {t("cutter.length", { length: clock(length) })}
            </span>
          </div>
          <p className="clip-cutter__hint">
            {t("cutter.snap", { seconds: step, minutes: Math.round(max / 60) })} {t("cutter.shortcuts")}
          </p>
        </>
      ) : (
        <p className="clip-cutter__hint" role="status" data-testid="clip-waiting">
          {t("cutter.waiting")}
        </p>
      )}

      <fetcher.Form method="post" action="/action/clips" className="clip-cutter__form" noValidate onSubmit={validate}>
        <input type="hidden" name="intent" value="create" />
        {source.event_id ? <input type="hidden" name="event_id" value={source.event_id} /> : null}
        {source.event_media_id ? <input type="hidden" name="event_media_id" value={source.event_media_id} /> : null}
        <input type="hidden" name="start_time" value={cut?.start ?? ""} />
        <input type="hidden" name="duration" value={cut ? cut.end - cut.start : ""} />
        {rangeError ? (
          <p className="field__error" role="alert" id={`${id}-range-error`}>
            {rangeError}
          </p>
        ) : null}
        <Field id={`${id}-name`} label={t("cutter.name")} error={errorOf("name")}>
          {(describedBy) => (
            <input
              ref={nameRef}
              id={`${id}-name`}
              name="name"
              type="text"
              maxLength={100}
              value={name}
              placeholder={t("cutter.namePlaceholder")}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setClientErrors(({ name: _, ...rest }) => rest);
              }}
              aria-invalid={errorOf("name") ? true : undefined}
              aria-describedby={describedBy}
              autoComplete="off"
            />
          )}
        </Field>
        <fieldset className="clip-cutter__tags" aria-describedby={errorOf("tags") ? `${id}-tags-error` : undefined}>
          <legend>{t("cutter.tags")}</legend>
          {tags.map((tag) => (
            <label key={tag.key} className="chip">
              <input
                type="checkbox"
                name="tags"
                value={tag.key}
                checked={picked.includes(tag.key)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setPicked((list) => (on ? [...list, tag.key] : list.filter((k) => k !== tag.key)));
                  setClientErrors(({ tags: _, ...rest }) => rest);
                }}
              />
              <span>{tag.label}</span>
            </label>
          ))}
          {errorOf("tags") ? (
            <p className="field__error" id={`${id}-tags-error`} role="alert">
              {errorOf("tags")}
            </p>
          ) : null}
        </fieldset>
        {formError ? (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="clip-cutter__actions">
          <button type="button" className="button" onClick={preview} aria-pressed={previewing} disabled={!handle || !cut}>
            {previewing ? t("cutter.stopPreview") : t("cutter.preview")}
          </button>
          <button type="submit" className="button button--primary" disabled={busy || !cut}>
            {busy ? t("cutter.submitting") : t("cutter.submit")}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t("cutter.cancel")}
          </button>
        </div>
        <p className="clip-cutter__status" role="status" aria-live="polite" data-testid="clip-cutter-status">
          {previewing ? t("cutter.previewing") : ""}
        </p>
      </fetcher.Form>
    </section>
  );
}

function RangeHandle(props: { edge: "start" | "end"; label: string; value: number; window: Span; step: number; onChange: (v: number) => void; inputRef?: Ref<HTMLInputElement> }) {
  const { edge, label, value, window, step, onChange, inputRef } = props;
  return (
    <input
      ref={inputRef}
      type="range"
      className={`clip-cutter__handle clip-cutter__handle--${edge}`}
      aria-label={label}
      aria-valuetext={clock(value)}
      // On the step grid: a range input snaps its value to min + k·step.
      min={Math.floor(window.start / step) * step}
      max={Math.ceil(window.end / step) * step}
      step={step}
      value={value}
      onChange={(e) => onChange(Number(e.currentTarget.value))}
      data-testid={`clip-${edge}-slider`}
    />
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: (describedBy: string | undefined) => ReactNode }) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(error ? errorId : undefined)}
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

