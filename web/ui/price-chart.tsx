// A chart of used prices over time (the market's price trace and the product page's small
// version): sold prices and asking prices as points, the monthly median of sold prices as a
// line. uPlot and its styles load only when a chart is drawn, so they never enter the first
// load. The chart is a picture for sighted readers; the pages give the same numbers as a table.
import { useEffect, useRef, useState } from 'react';
import { formatNumber } from '../../common/format';
import './price-chart.css';

export interface ChartPoint {
  at: string;
  price: number;
}

export interface PriceChartProps {
  sold: ChartPoint[];
  asking: ChartPoint[];
  /** Monthly medians of sold prices (YYYY-MM, price). */
  medians?: Array<{ month: string; median: number }>;
  labels: { sold: string; asking: string; median?: string; loading: string; date?: string };
  height?: number;
  /** What the chart shows, for screen readers (the table beside it has the numbers). */
  ariaLabel: string;
}

const css = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** x (seconds) → sold, asking, median on one shared axis (uPlot wants aligned columns). */
function columns(sold: ChartPoint[], asking: ChartPoint[], medians: Array<{ month: string; median: number }>) {
  const rows = new Map<number, [number | null, number | null, number | null]>();
  const put = (t: number, i: 0 | 1 | 2, v: number) => {
    const row = rows.get(t) ?? [null, null, null];
    row[i] = v;
    rows.set(t, row);
  };
  for (const p of sold) put(Math.floor(Date.parse(p.at) / 1000), 0, p.price);
  for (const p of asking) put(Math.floor(Date.parse(p.at) / 1000), 1, p.price);
  // The median sits in the middle of its month (KST).
  for (const m of medians) put(Math.floor(Date.parse(`${m.month}-15T12:00:00+09:00`) / 1000), 2, m.median);
  const xs = [...rows.keys()].sort((a, b) => a - b);
  return [xs, xs.map((x) => rows.get(x)![0]), xs.map((x) => rows.get(x)![1]), xs.map((x) => rows.get(x)![2])] as const;
}

export function PriceChart({ sold, asking, medians = [], labels, height = 280, ariaLabel }: PriceChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: { destroy(): void; setSize(s: { width: number; height: number }): void } | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (gone) return;
      const ink = css('--club-ink', '#222');
      const line = css('--club-line', '#ddd');
      const soldColor = css('--club-blue', '#2563eb');
      const askColor = css('--club-warn', '#d97706');
      const won = (_u: unknown, v: number | null) => (v == null ? '—' : `${formatNumber(v)}원`);
      const dot = { show: true, size: 7, width: 1 };
      const data = columns(sold, asking, medians);
      chart = new UPlot(
        {
          width: el.clientWidth || 320,
          height,
          cursor: { drag: { x: false, y: false } },
          legend: { show: true },
          scales: { x: { time: true } },
          axes: [
            { stroke: ink, grid: { stroke: line } },
            { stroke: ink, grid: { stroke: line }, size: 70, values: (_u: unknown, vals: number[]) => vals.map((v) => (v >= 10000 ? `${formatNumber(Math.round(v / 10000))}만` : formatNumber(v))) },
          ],
          series: [
            { label: labels.date ?? '' },
            { label: labels.sold, stroke: soldColor, fill: soldColor, paths: () => null, points: { ...dot, fill: soldColor }, value: won, spanGaps: false },
            { label: labels.asking, stroke: askColor, paths: () => null, points: { ...dot, fill: 'transparent' }, value: won },
            ...(medians.length > 0 ? [{ label: labels.median ?? '', stroke: soldColor, width: 2, dash: [6, 4], spanGaps: true, points: { show: false }, value: won }] : []),
          ],
        },
        (medians.length > 0 ? data : data.slice(0, 3)) as unknown as [number[], ...Array<Array<number | null>>],
        el,
      );
      setReady(true);
      observer = new ResizeObserver(() => chart?.setSize({ width: el.clientWidth, height }));
      observer.observe(el);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [sold, asking, medians, height, labels.sold, labels.asking, labels.median, labels.date]);

  return (
    <figure className="price-chart" role="img" aria-label={ariaLabel}>
      {!ready && <p className="price-chart-loading">{labels.loading}</p>}
      <div ref={box} className="price-chart-box" aria-hidden="true" />
    </figure>
  );
}
