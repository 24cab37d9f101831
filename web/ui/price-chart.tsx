// A chart of used prices over time (the market's price trace and the product page's small
// version): sold prices and asking prices as points, the monthly median of sold prices as a
// line. uPlot and its styles load only when a chart is drawn, so they never enter the first
// load. The chart is a picture for sighted readers; the pages give the same numbers as a table.
// Its words are Korean (the axis's months and days, the legend's date), and the legend shows each
// series' latest value until a finger or the mouse points at another.
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { formatDate, formatNumber } from '../../common/format';
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
  /** `latest` stands in the legend's date while it shows each series' latest value. */
  labels: { sold: string; asking: string; median?: string; loading: string; date?: string; latest?: string };
  height?: number;
  /** What the chart shows, for screen readers (the table beside it has the numbers). */
  ariaLabel: string;
}

const css = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** x (seconds) → sold, asking, median on one shared axis (uPlot wants aligned columns). */
function columns(sold: ChartPoint[], asking: ChartPoint[], medians: Array<{ month: string; median: number }>) {
  const rows = new Map<number, [number | null, number | null, number | null]>();
  const put = (t: number, i: 0 | 1 | 2, v: number) => {
    // Two prices of a kind in the same second stay two points, a second apart.
    while (rows.get(t)?.[i] != null) t++;
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

const DAY = 86_400;
/**
 * The time axis's labels in Korean, by tick spacing (uPlot's stamp table: the spacing, the usual
 * label, then the label at a new year, month, day, hour, minute, second; mode 0 replaces the usual
 * label). Months read "3월", with the year under the first tick and each January; days "16일",
 * with the month at the first tick and each new month.
 */
const KOREAN_TIME_TICKS: uPlot.Axis.TimeValuesConfig = [
  [365 * DAY, '{YYYY}년', null, null, null, null, null, null, 0],
  [28 * DAY, '{M}월', '{M}월\n{YYYY}년', null, null, null, null, null, 0],
  [DAY, '{D}일', '{M}월 {D}일\n{YYYY}년', '{M}월 {D}일', null, null, null, null, 0],
  [3_600, '{H}시', '{M}월 {D}일\n{H}시', '{M}월 {D}일\n{H}시', '{M}월 {D}일\n{H}시', null, null, null, 0],
  [60, '{H}:{mm}', '{M}월 {D}일\n{H}:{mm}', '{M}월 {D}일\n{H}:{mm}', '{M}월 {D}일\n{H}:{mm}', null, null, null, 0],
  [1, '{H}:{mm}:{ss}', '{M}월 {D}일\n{H}:{mm}:{ss}', '{M}월 {D}일\n{H}:{mm}:{ss}', '{M}월 {D}일\n{H}:{mm}:{ss}', null, null, null, 0],
];

/** Each series' index of its point nearest `idx` (its value may sit at another x than the cursor's). */
function nearestPoint(ys: ArrayLike<number | null | undefined>, idx: number): number | null {
  for (let d = 0; d < ys.length; d++) {
    if (ys[idx - d] != null) return idx - d;
    if (ys[idx + d] != null) return idx + d;
  }
  return null;
}

/**
 * Each price series' last point: the legend's values while nothing is pointed at. The date has
 * none (it then reads `labels.latest`), so pointing at the newest point still shows its date.
 */
function latestPoints(data: uPlot.AlignedData): Array<number | null> {
  return data.map((ys, i) => {
    if (i === 0) return null;
    for (let j = ys.length - 1; j >= 0; j--) if (ys[j] != null) return j;
    return null;
  });
}

export function PriceChart({ sold, asking, medians = [], labels, height = 280, ariaLabel }: PriceChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (gone) return;
      const ink = css('--club-ink', '#222');
      const line = css('--club-line', '#ddd');
      const soldColor = css('--club-blue', '#2563eb');
      const askColor = css('--club-warn', '#d97706');
      const won = (_u: uPlot, v: number | null) => (v == null ? '—' : `${formatNumber(v)}원`);
      const dot = { show: true, size: 7, width: 1 };
      const [xs, soldYs, askingYs, medianYs] = columns(sold, asking, medians);
      // Only the kinds of price there are (the product page has no asking prices).
      const kinds: Array<[uPlot.Series, Array<number | null>, boolean]> = [
        [{ label: labels.sold, stroke: soldColor, fill: soldColor, paths: () => null, points: { ...dot, fill: soldColor }, value: won }, soldYs, sold.length > 0],
        [{ label: labels.asking, stroke: askColor, paths: () => null, points: { ...dot, fill: 'transparent' }, value: won }, askingYs, asking.length > 0],
        [{ label: labels.median ?? '', stroke: soldColor, width: 2, dash: [6, 4], spanGaps: true, points: { show: false }, value: won }, medianYs, medians.length > 0],
      ];
      const shown = kinds.filter(([, , any]) => any);
      const data: uPlot.AlignedData = [xs, ...shown.map(([, ys]) => ys)];
      const latest = latestPoints(data);
      const u = new UPlot(
        {
          width: el.clientWidth || 320,
          height,
          cursor: {
            drag: { x: false, y: false },
            // Each price series shows its point nearest the cursor, not a blank where it has none.
            dataIdx: (self, seriesIdx, closest) => (seriesIdx === 0 ? closest : nearestPoint(self.data[seriesIdx]!, closest)),
          },
          legend: { show: true },
          scales: { x: { time: true } },
          // Ticks in Korean time, like every date on the site.
          tzDate: (ts: number) => UPlot.tzDate(new Date(ts * 1000), 'Asia/Seoul'),
          axes: [
            // Month ticks ("6월") fit 40 px apart, so a phone still shows months; days and hours
            // need room for "11월 16일" beside the next label.
            { stroke: ink, grid: { stroke: line }, space: (_u, _i, min, max) => (max - min > 60 * DAY ? 40 : 64), values: KOREAN_TIME_TICKS },
            // As wide as its longest label ("220만", "1,200만"): a phone's chart keeps its width for the prices.
            { stroke: ink, grid: { stroke: line }, size: (_u: uPlot, values: string[] | null) => (values ? Math.max(...values.map((v) => v.length)) * 8 + 22 : 56), values: (_u: uPlot, vals: number[]) => vals.map((v) => (v >= 10000 ? `${formatNumber(Math.round(v / 10000))}만` : formatNumber(v))) },
          ],
          series: [
            // While nothing is pointed at, the legend's values are each series' latest, not one day's.
            { label: labels.date ?? '', value: (_u, ts) => (ts == null ? (labels.latest ?? '—') : formatDate(ts * 1000)) },
            ...shown.map(([series]) => series),
          ],
          hooks: {
            // The cursor left the chart: back to the latest values rather than uPlot's "--".
            setLegend: [(self) => self.cursor.idx == null && self.setLegend({ idxs: latest }, false)],
          },
        },
        data,
        el,
      );
      chart = u;
      u.setLegend({ idxs: latest }, false);
      // A finger on the chart moves the cursor (uPlot follows only the mouse); the page still
      // scrolls up and down under it (touch-action in price-chart.css).
      const touch = (e: TouchEvent) => {
        const t = e.touches[0];
        if (!t) return;
        const r = u.over.getBoundingClientRect();
        u.setCursor({ left: t.clientX - r.left, top: t.clientY - r.top });
      };
      u.over.addEventListener('touchstart', touch, { passive: true });
      u.over.addEventListener('touchmove', touch, { passive: true });
      setReady(true);
      observer = new ResizeObserver(() => u.setSize({ width: el.clientWidth, height }));
      observer.observe(el);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [sold, asking, medians, height, labels.sold, labels.asking, labels.median, labels.date, labels.latest]);

  return (
    <figure className="price-chart" role="img" aria-label={ariaLabel}>
      {!ready && <p className="price-chart-loading">{labels.loading}</p>}
      <div ref={box} className="price-chart-box" aria-hidden="true" />
    </figure>
  );
}
