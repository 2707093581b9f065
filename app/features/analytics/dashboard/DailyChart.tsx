// A small per-day chart in SVG (bars or lines), with its numbers in a table a screen reader or a keyboard user can
// open. No chart library: the dashboard draws five charts of at most 92 points, which a few dozen lines of SVG do.
import { useId } from "react";
import { useTranslation } from "react-i18next";

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  /** Which of the channel's colours draws it. */
  tone: "primary" | "accent";
}

const W = 640;
const H = 200;
const PAD = { top: 12, right: 16, bottom: 28, left: 64 };

/** A round upper bound for the axis: 1, 2 or 5 times a power of ten. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

const short = (day: string) => day.slice(5);

export function DailyChart({
  title,
  days,
  series,
  kind,
  format,
  tickFormat = format,
}: {
  title: string;
  days: string[];
  series: ChartSeries[];
  kind: "bars" | "lines";
  format: (n: number) => string;
  /** The axis's numbers, when shorter than the table's (no currency: the title names it). */
  tickFormat?: (n: number) => string;
}) {
  const { t } = useTranslation("analytics");
  const id = useId();
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const max = niceMax(Math.max(0, ...all));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length <= 1 ? plotW / 2 : (i * plotW) / (days.length - 1));
  const y = (v: number) => PAD.top + plotH - (Math.max(0, v) / max) * plotH;
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(1, (slot * 0.8) / series.length);

  // The summary names the highest point of the first series, so the chart says something without being seen.
  const first = series[0]?.values ?? [];
  const top = first.reduce<number>((best, v, i) => (v !== null && (best < 0 || v > (first[best] ?? -Infinity)) ? i : best), -1);
  const summary =
    top >= 0 && (first[top] ?? 0) > 0
      ? t("charts.summary", { from: days[0], to: days[days.length - 1], max: format(first[top] ?? 0), day: days[top] })
      : t("charts.summaryEmpty", { from: days[0], to: days[days.length - 1] });
  const ticks = [0, max / 2, max];
  const labelled = days.length > 2 ? [0, Math.floor((days.length - 1) / 2), days.length - 1] : days.map((_, i) => i);

  return (
    <figure className="chart">
      <figcaption id={`${id}-title`} className="chart__title">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} className="chart__svg">
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} className="chart__grid" />
            <text x={PAD.left - 6} y={y(v)} className="chart__tick" textAnchor="end" dominantBaseline="middle">
              {tickFormat(v)}
            </text>
          </g>
        ))}
        {labelled.map((i) => (
          <text
            key={i}
            x={kind === "bars" ? PAD.left + slot * (i + 0.5) : x(i)}
            y={H - 6}
            className="chart__tick"
            // A line's first and last points sit on the plot's edges: their dates run inwards, not off the chart.
            textAnchor={kind === "lines" && days.length > 1 && i === 0 ? "start" : kind === "lines" && days.length > 1 && i === days.length - 1 ? "end" : "middle"}
          >
            {short(days[i] ?? "")}
          </text>
        ))}
        {series.map((s, si) =>
          kind === "bars" ? (
            <g key={s.label} className={`chart__series chart__series--${s.tone}`}>
              {s.values.map((v, i) =>
                v ? <rect key={days[i]} x={PAD.left + slot * i + slot * 0.1 + si * barW} y={y(v)} width={barW} height={Math.max(0, y(0) - y(v))} rx={1} /> : null,
              )}
            </g>
          ) : (
            <g key={s.label} className={`chart__series chart__series--${s.tone} chart__series--line`}>
              <polyline points={s.values.flatMap((v, i) => (v === null ? [] : [`${x(i)},${y(v)}`])).join(" ")} />
              {s.values.map((v, i) => (v === null ? null : <circle key={days[i]} cx={x(i)} cy={y(v)} r={2.5} />))}
            </g>
          ),
        )}
      </svg>
      <p id={`${id}-summary`} className="visually-hidden">
        {summary}
      </p>
      {series.length > 1 ? (
        <ul className="chart__legend">
          {series.map((s) => (
            <li key={s.label}>
              <span className={`chart__swatch chart__swatch--${s.tone}`} aria-hidden="true" />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="chart__numbers">
        <summary>{t("charts.table")}</summary>
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t("charts.day")}</th>
                {series.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, i) => (
                <tr key={day}>
                  <th scope="row">{day}</th>
                  {series.map((s) => (
                    <td key={s.label}>{s.values[i] === null ? t("kpi.none") : format(s.values[i] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
