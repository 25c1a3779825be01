import { useEffect, useId, useRef, useState } from "react";
import { dashboard as dashboardText } from "~/i18n/dashboard";
import { chartColor } from "./palette";

export type ChartSeries = { labels: string[]; values: number[] };

type Props = ChartSeries & {
  kind: "bar" | "doughnut";
  /** Accessible name of the drawn chart (the canvas). */
  name: string;
  testId?: string;
};

const percentFormat = new Intl.NumberFormat("id-ID", { maximumFractionDigits: 1 });
/** Below this card width the bar chart is drawn with horizontal bars. */
const NARROW_PX = 480;
/** The bar legend's swatch: slate-600, like the page's text. */
const LEGEND_COLOR = "#475569";

/**
 * A chart of counts per category. The server renders a real table with the same numbers (bars
 * or a pie drawn with CSS), which is all a browser without JavaScript gets. With JavaScript,
 * chart.js is fetched once the chart comes near the viewport (never during the first paint of a
 * page whose charts are below the fold) and draws on a canvas of the same size; the table stays
 * in the DOM (visually hidden) as the canvas's accessible description.
 */
/**
 * chart.js, loaded in the browser only: in the server build the import is left out, so the
 * Worker bundle does not carry a library it never runs.
 */
const loadChartRuntime = import.meta.env.SSR ? null : () => import("./chart-runtime");

export function CategoryChart({ kind, labels, values, name, testId }: Props) {
  const tableId = useId();
  const figureRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [mounted, setMounted] = useState(false);
  const [drawn, setDrawn] = useState(false);
  // On a narrow card (a phone) the bars lie down: category names read along the bars instead of
  // slanting under them, and the canvas grows with the number of categories.
  const [horizontal, setHorizontal] = useState(false);
  const dataKey = JSON.stringify([labels, values]);

  useEffect(
    () =>
      whenNearViewport(figureRef.current, () => {
        setHorizontal(kind === "bar" && (figureRef.current?.clientWidth ?? 0) < NARROW_PX);
        setMounted(true);
      }),
    [kind],
  );

  useEffect(() => {
    if (!mounted || !loadChartRuntime) return;
    let cancelled = false;
    let chart: { destroy(): void } | undefined;
    loadChartRuntime()
      .then(({ Chart }) => {
        const canvas = canvasRef.current;
        if (cancelled || !canvas) return;
        const colors = labels.map((_, index) => chartColor(index));
        chart = new Chart(canvas, {
          type: kind,
          data: {
            labels,
            datasets: [{ label: dashboardText.chartDataset, data: values, backgroundColor: colors, borderColor: kind === "bar" ? colors : "#ffffff" }],
          },
          options: {
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            ...(horizontal ? { indexAxis: "y" as const } : {}),
            plugins: {
              legend:
                kind === "bar"
                  ? // One dataset with a colour per category: its legend names the measure in a
                    // neutral colour rather than taking the first category's.
                    { position: "top", labels: { generateLabels: () => [{ text: dashboardText.chartDataset, fillStyle: LEGEND_COLOR, strokeStyle: LEGEND_COLOR, lineWidth: 0, hidden: false, datasetIndex: 0 }] } }
                  : { position: "bottom" },
            },
            ...(kind === "bar" ? { scales: { [horizontal ? "x" : "y"]: { beginAtZero: true, ticks: { precision: 0 } } } } : {}),
          },
        });
        setDrawn(true);
      })
      // Without the chunk (offline, blocked) the table keeps showing the numbers.
      .catch(() => setDrawn(false));
    return () => {
      cancelled = true;
      chart?.destroy();
    };
    // dataKey stands for labels and values (new arrays on every render).
  }, [mounted, kind, dataKey, horizontal]);

  const total = values.reduce((sum, value) => sum + value, 0);
  const max = Math.max(1, ...values);
  return (
    <figure ref={figureRef} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid={testId} data-chart-drawn={drawn ? "true" : "false"}>
      <figcaption className="mb-3 text-center text-sm font-semibold text-slate-700">{dashboardText.chartTitle}</figcaption>
      {/* A fixed height only for the canvas (JavaScript); the server's table takes what it needs. */}
      <div
        className={mounted ? (kind === "doughnut" ? "relative h-[26rem] sm:h-80" : "relative h-80") : "relative"}
        style={horizontal ? { height: `${Math.max(16, labels.length * 2.25 + 4)}rem` } : undefined}
      >
        {mounted && (
          <canvas
            ref={canvasRef}
            role="img"
            aria-label={name}
            aria-describedby={tableId}
            className={drawn ? "absolute inset-0" : "invisible absolute inset-0"}
            data-testid={testId ? `${testId}-canvas` : undefined}
          />
        )}
        <div className={drawn ? "sr-only" : kind === "doughnut" ? "flex flex-col gap-4 sm:flex-row sm:items-start" : ""}>
          {kind === "doughnut" && <PieFallback values={values} total={total} />}
          <table id={tableId} className="w-full text-left text-sm" data-testid={testId ? `${testId}-table` : undefined}>
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-600">
                <th scope="col" className="py-1 pr-2 font-semibold">{dashboardText.categoryColumn}</th>
                <th scope="col" className="py-1 text-right font-semibold">{dashboardText.countColumn}</th>
              </tr>
            </thead>
            <tbody>
              {labels.map((label, index) => (
                <tr key={`${label}-${index}`} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-1 pr-2 font-normal text-slate-700">
                    <span className="mr-2 inline-block h-2.5 w-2.5 rounded-sm align-middle" style={{ backgroundColor: chartColor(index) }} aria-hidden="true" />
                    {label}
                  </th>
                  <td className="py-1 text-right tabular-nums text-slate-900">
                    {kind === "bar" ? (
                      <span className="flex items-center justify-end gap-2">
                        <span className="block h-2.5 rounded-sm" style={{ width: `${(values[index]! / max) * 6}rem`, backgroundColor: chartColor(index) }} aria-hidden="true" />
                        {values[index]}
                      </span>
                    ) : (
                      <>
                        {values[index]}{" "}
                        <span className="text-xs text-slate-600">
                          ({dashboardText.share(percentFormat.format(total ? (values[index]! / total) * 100 : 0))})
                        </span>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </figure>
  );
}

/** Calls `show` once `element` is within 200 px of the viewport; returns the cleanup. */
function whenNearViewport(element: Element | null, show: () => void): () => void {
  if (!element || typeof IntersectionObserver === "undefined") {
    show();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      show();
    },
    { rootMargin: "200px 0px" },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/** A doughnut drawn with a CSS conic gradient: the same shares as the canvas, no script. */
function PieFallback({ values, total }: { values: number[]; total: number }) {
  let start = 0;
  const stops = values.map((value, index) => {
    const end = total ? start + (value / total) * 100 : start;
    const stop = `${chartColor(index)} ${start}% ${end}%`;
    start = end;
    return stop;
  });
  const background = total ? `conic-gradient(${stops.join(", ")})` : "#e2e8f0";
  return (
    <span className="relative block h-28 w-28 shrink-0 self-center rounded-full sm:self-start" style={{ background }} aria-hidden="true">
      <span className="absolute inset-6 rounded-full bg-white" />
    </span>
  );
}
