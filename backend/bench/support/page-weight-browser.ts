import * as fs from 'node:fs';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';

/**
 * Page weight in a real Chromium (bench/page-weight, issue 11). Bytes are counted with the
 * Chrome DevTools Protocol: for every request of the page, `Network.loadingFinished`'s
 * `encodedDataLength`, i.e. what came over the wire for it (response headers plus the body as
 * sent, so after gzip/brotli), request bytes not included. Requests served from the browser's
 * cache count 0; every visit starts in a fresh context, so the cache is empty.
 */

/** Same launch as frontend/e2e/support/browser.ts: Debian's Chromium (playwright cannot download browsers here). */
export function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    throw new Error(`No Chromium at ${executablePath}: install Debian's (apt-get install chromium) or set CHROME_PATH`);
  }
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export interface RequestRecord {
  url: string;
  /** CDP resource type: Document, Script, Stylesheet, Image, Fetch, Font, ... */
  type: string;
  mimeType: string;
  status: number;
  bytes: number;
  failed: boolean;
}

export interface WeightFigures {
  totalBytes: number;
  imageBytes: number;
  imageRequests: number;
  largestImage: RequestRecord | null;
  requests: number;
  /** Bytes per CDP resource type. */
  byType: Record<string, number>;
  /** WebSocket frames received (payload characters), not part of totalBytes. */
  webSocketBytes: number;
  records: RequestRecord[];
}

export function isImage(r: Pick<RequestRecord, 'type' | 'mimeType'>): boolean {
  return r.type === 'Image' || r.mimeType.startsWith('image/');
}

export function summarise(records: RequestRecord[], webSocketBytes: number): WeightFigures {
  const images = records.filter(isImage);
  const byType: Record<string, number> = {};
  for (const r of records) byType[r.type] = (byType[r.type] ?? 0) + r.bytes;
  return {
    totalBytes: records.reduce((s, r) => s + r.bytes, 0),
    imageBytes: images.reduce((s, r) => s + r.bytes, 0),
    imageRequests: images.length,
    largestImage: images.reduce<RequestRecord | null>((max, r) => (!max || r.bytes > max.bytes ? r : max), null),
    requests: records.length,
    byType,
    webSocketBytes,
    records: records.map((r) => ({ ...r })),
  };
}

/** Every request of one page, by CDP request id, and how many are still under way. */
class NetworkLog {
  private readonly pending = new Map<string, RequestRecord>();
  private readonly done: RequestRecord[] = [];
  private webSocketBytes = 0;
  lastActivity = Date.now();

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (e) => {
      this.lastActivity = Date.now();
      // A redirect reuses the request id: the hop before it is done, with its own bytes.
      const existing = this.pending.get(e.requestId);
      if (existing && e.redirectResponse) {
        this.done.push({
          ...existing,
          mimeType: e.redirectResponse.mimeType ?? '',
          status: e.redirectResponse.status,
          bytes: e.redirectResponse.encodedDataLength,
        });
        existing.url = e.request.url;
        return;
      }
      this.pending.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', mimeType: '', status: 0, bytes: 0, failed: false });
    });
    cdp.on('Network.responseReceived', (e) => {
      this.lastActivity = Date.now();
      const r = this.pending.get(e.requestId);
      if (!r) return;
      r.type = e.type ?? r.type;
      r.mimeType = e.response.mimeType ?? '';
      r.status = e.response.status;
    });
    cdp.on('Network.dataReceived', () => {
      this.lastActivity = Date.now();
    });
    cdp.on('Network.loadingFinished', (e) => {
      this.lastActivity = Date.now();
      const r = this.pending.get(e.requestId);
      if (!r) return;
      this.pending.delete(e.requestId);
      r.bytes = e.encodedDataLength;
      this.done.push(r);
    });
    cdp.on('Network.loadingFailed', (e) => {
      this.lastActivity = Date.now();
      const r = this.pending.get(e.requestId);
      if (!r) return;
      this.pending.delete(e.requestId);
      r.failed = true;
      r.type = e.type ?? r.type;
      this.done.push(r);
    });
    cdp.on('Network.webSocketFrameReceived', (e) => {
      this.webSocketBytes += e.response.payloadData.length;
    });
  }

  get inFlight(): number {
    return this.pending.size;
  }

  snapshot(): WeightFigures {
    return summarise(this.done, this.webSocketBytes);
  }

  inFlightUrls(): string[] {
    return [...this.pending.values()].map((r) => r.url);
  }
}

const QUIET_MS = Number(process.env.PAGE_WEIGHT_QUIET_MS ?? 1000);
const IDLE_TIMEOUT_MS = 60_000;

/**
 * Network idle: no HTTP request of the page under way (WebSockets do not count) and nothing
 * happened on the network for QUIET_MS. Polling lists (every 10-15 s) do not fire inside that.
 */
async function networkIdle(log: NetworkLog): Promise<void> {
  const deadline = Date.now() + IDLE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (log.inFlight === 0 && Date.now() - log.lastActivity >= QUIET_MS) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the network did not go idle within ${IDLE_TIMEOUT_MS / 1000} s; still loading: ${log.inFlightUrls().join(', ')}`);
}

/** Scrolls down one viewport at a time (as a reader would, so lazy images on the way load) to the bottom. */
async function scrollToBottom(page: Page): Promise<void> {
  for (let step = 0; step < 200; step++) {
    const atBottom = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (atBottom) break;
  }
}

export interface VisitOptions {
  /** A session cookie to carry (a signed-in user). */
  cookie?: { name: string; value: string };
  /** What must be on the page before network idle counts (the list rendered). */
  readySelector?: string;
  /** Called once the page is loaded: throw when it is not the page meant (e.g. redirected to /auth). */
  check?: (page: Page) => Promise<void>;
  /** A failed request that is normal for this visit (not warned about), e.g. 401 from GET /api/user when signed out. */
  expectedFailure?: (r: RequestRecord) => boolean;
}

/**
 * The page's loaded `<img>`s: the file's pixels against the pixels the page draws of it (its box
 * and object-fit, at the device pixel ratio). An img's own naturalWidth will not do: with a
 * `srcset` of w descriptors it is the `sizes` slot, not the file's width.
 */
export interface DrawnImages {
  loaded: number;
  /** Drawn larger than the file is (by more than 2%): the browser scales up, the picture looks soft. */
  upscaled: Array<{ src: string; fileWidth: number; drawnWidth: number }>;
  /** Mean over images of file width / drawn width (1 = exactly the pixels needed). */
  meanOversize: number;
  /** The range of box widths (CSS px) the images are drawn in. */
  boxWidths: [number, number];
}

export interface VisitFigures {
  /** The initial load, until network idle. */
  initial: WeightFigures;
  /** The same visit after scrolling to the bottom and network idle again (cumulative). */
  scrolled: WeightFigures;
  /** At the end of the visit. */
  drawn: DrawnImages;
  warnings: string[];
}

async function drawnImages(page: Page): Promise<DrawnImages> {
  const all = await page.evaluate(async () => {
    const shown = Array.from(document.images).filter((img) => img.complete && img.naturalWidth > 0 && img.clientWidth > 0);
    return Promise.all(
      shown.map(async (img) => {
        // The file's own size: the same address in a plain Image (from the cache).
        const probe = new Image();
        await new Promise<void>((resolve) => {
          probe.onload = () => resolve();
          probe.onerror = () => resolve();
          probe.src = img.currentSrc;
        });
        const fw = probe.naturalWidth || img.naturalWidth;
        const fh = probe.naturalHeight || img.naturalHeight;
        const bw = img.clientWidth;
        const bh = img.clientHeight;
        const fit = getComputedStyle(img).objectFit;
        const scale =
          fit === 'none' ? 1 : fit === 'contain' || fit === 'scale-down' ? Math.min(bw / fw, bh / fh) : Math.max(bw / fw, bh / fh);
        return { src: img.currentSrc, fileWidth: fw, drawnWidth: Math.round(fw * scale * window.devicePixelRatio), boxWidth: bw };
      }),
    );
  });
  const boxes = all.map((i) => i.boxWidth);
  return {
    loaded: all.length,
    upscaled: all.filter((i) => i.fileWidth * 1.02 < i.drawnWidth).map(({ src, fileWidth, drawnWidth }) => ({ src, fileWidth, drawnWidth })),
    meanOversize: all.length ? all.reduce((s, i) => s + i.fileWidth / i.drawnWidth, 0) / all.length : 0,
    boxWidths: all.length ? [Math.min(...boxes), Math.max(...boxes)] : [0, 0],
  };
}

/**
 * One visit in a fresh browser context (empty cache), desktop 1280x800 at DPR 1: load until
 * network idle, then scroll to the bottom until network idle again.
 */
export async function measureVisit(browser: Browser, url: string, options: VisitOptions = {}): Promise<VisitFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const warnings: string[] = [];
  try {
    if (options.cookie) await context.addCookies([{ ...options.cookie, url: new URL(url).origin }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const log = new NetworkLog(cdp);
    await cdp.send('Network.enable');
    await page.goto(url, { waitUntil: 'load' });
    if (options.readySelector) {
      try {
        await page.locator(options.readySelector).first().waitFor({ state: 'attached', timeout: 20_000 });
      } catch {
        warnings.push(`${new URL(url).pathname}: "${options.readySelector}" did not appear within 20 s`);
      }
    }
    await networkIdle(log);
    if (options.check) await options.check(page);
    const initial = log.snapshot();
    await scrollToBottom(page);
    await networkIdle(log);
    const scrolled = log.snapshot();
    const drawn = await drawnImages(page);
    const failed = scrolled.records.filter((r) => (r.failed || r.status >= 400) && !options.expectedFailure?.(r));
    if (failed.length) warnings.push(`${new URL(url).pathname}: ${failed.length} failed request(s), e.g. ${failed[0].status} ${failed[0].url}`);
    return { initial, scrolled, drawn, warnings };
  } finally {
    await context.close();
  }
}
