// One page's first load on an emulated phone: Chromium at 360 × 800 (touch, device pixel ratio
// 3), the CPU slowed 4× and the network held to Lighthouse's "slow 4G" figures, in a fresh
// context (nothing cached). Reads Largest Contentful Paint and Cumulative Layout Shift from the
// page's own PerformanceObservers, and what the page downloaded.
import type { Browser, CDPSession } from 'playwright-core';

export const PHONE_VIEWPORT = { width: 360, height: 800 };
export const DEVICE_SCALE = 3;
export const CPU_SLOWDOWN = 4;
/** Lighthouse's slow 4G: 150 ms round trip, 1.6 Mbps down, 750 kbps up (bytes per second for CDP). */
export const SLOW_4G = { latencyMs: 150, downKbps: 1.6 * 1024, upKbps: 750 };

export interface PageFigures {
  lcpMs: number;
  /** What the largest paint was: tag, class and, for an image, its address. */
  lcpElement: string;
  cls: number;
  fcpMs: number;
  ttfbMs: number;
  /** Bytes as transferred (compressed), by kind. */
  jsBytes: number;
  cssBytes: number;
  imageBytes: number;
  fontBytes: number;
  requests: number;
}

/**
 * Runs in the page before its own scripts: keeps the last LCP candidate and every layout shift
 * not caused by input. Plain JavaScript, as the page runs it (this project's types have no DOM).
 */
const OBSERVE = `
window.__perf = { lcp: 0, lcpElement: '', shifts: [] };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.__perf.lcp = e.startTime;
    const el = e.element;
    const cls = el && typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
    window.__perf.lcpElement = el ? el.tagName.toLowerCase() + cls + (e.url ? ' ' + e.url : '') : '(removed)';
  }
}).observe({ type: 'largest-contentful-paint', buffered: true });
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__perf.shifts.push({ t: e.startTime, v: e.value });
}).observe({ type: 'layout-shift', buffered: true });
`;

/** What the page observed, with its navigation's first byte and first contentful paint. */
const READ = `({
  ...window.__perf,
  ttfb: performance.getEntriesByType('navigation')[0]?.responseStart ?? 0,
  fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
})`;

interface Observed {
  lcp: number;
  lcpElement: string;
  shifts: Array<{ t: number; v: number }>;
  ttfb: number;
  fcp: number;
}

/** CLS as the Web Vitals define it: the largest session window (gaps under 1 s, at most 5 s long). */
export function clsOf(shifts: Array<{ t: number; v: number }>): number {
  let best = 0;
  let sum = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.t - last > 1000 || s.t - start > 5000) {
      sum = 0;
      start = s.t;
    }
    sum += s.v;
    last = s.t;
    best = Math.max(best, sum);
  }
  return Math.round(best * 1000) / 1000;
}

async function throttle(cdp: CDPSession) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_4G.latencyMs,
    downloadThroughput: (SLOW_4G.downKbps * 1024) / 8,
    uploadThroughput: (SLOW_4G.upKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** Opens `url` in a fresh phone context and waits for the network to be quiet for a second. */
export async function measurePage(browser: Browser, url: string, { cookie }: { cookie?: { name: string; value: string } } = {}): Promise<PageFigures> {
  const context = await browser.newContext({
    viewport: PHONE_VIEWPORT,
    deviceScaleFactor: DEVICE_SCALE,
    isMobile: true,
    hasTouch: true,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  try {
    if (cookie) await context.addCookies([{ ...cookie, url }]);
    await context.addInitScript({ content: OBSERVE });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    const kinds = new Map<string, string>();
    const bytes: Record<string, number> = {};
    let inFlight = 0;
    let lastActivity = Date.now();
    let requests = 0;
    cdp.on('Network.requestWillBeSent', () => {
      inFlight++;
      requests++;
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', (e) => kinds.set(e.requestId, e.type));
    const done = (e: { requestId: string; encodedDataLength?: number }) => {
      inFlight = Math.max(0, inFlight - 1);
      lastActivity = Date.now();
      const kind = kinds.get(e.requestId) ?? 'Other';
      bytes[kind] = (bytes[kind] ?? 0) + (e.encodedDataLength ?? 0);
    };
    cdp.on('Network.loadingFinished', done);
    cdp.on('Network.loadingFailed', done);
    const errors: Error[] = [];
    page.on('pageerror', (e) => errors.push(e));
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < 1500)) await new Promise((r) => setTimeout(r, 100));
    // A page that failed is not a figure.
    if (errors.length > 0) throw errors[0];
    const perf = (await page.evaluate(READ)) as Observed;
    return {
      lcpMs: Math.round(perf.lcp),
      lcpElement: perf.lcpElement,
      cls: clsOf(perf.shifts),
      fcpMs: Math.round(perf.fcp),
      ttfbMs: Math.round(perf.ttfb),
      jsBytes: bytes.Script ?? 0,
      cssBytes: bytes.Stylesheet ?? 0,
      imageBytes: bytes.Image ?? 0,
      fontBytes: bytes.Font ?? 0,
      requests,
    };
  } finally {
    await context.close();
  }
}
