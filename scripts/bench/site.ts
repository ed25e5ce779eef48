// The site section of `npm run bench`: Lighthouse (mobile preset: a phone with a 4x slower CPU on a
// 1.6 Mbps, 150 ms link, simulated; the runner's phone profile) on the public pages as the API in this
// process serves them, driving the system Chromium. Prints the four category scores and LCP against
// their targets (every score >= 95, LCP <= 1.2 s), each the median of three audits.
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '@turnproof/platform/report';
import { startBenchApi } from './bench-api.ts';
import { Cleanup } from './cleanup.ts';
import { median, verdict } from './stats.ts';

const PAGES = ['/', '/pricing', '/checklists', '/templates/airbnb-turnover-cleaning-checklist'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const SCORE_TARGET = 95;
const LCP_TARGET_MS = 1200;
/** Lighthouse's figures vary from run to run (more so on a shared machine): the median of a few runs. */
const RUNS = 3;

interface PageFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  failing: string[];
}

async function audit(url: string, port: number, attemptsLeft = 2): Promise<PageFigures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError, runWarnings } = result.lhr;
  if (runtimeError) {
    // A trace Chromium failed to record (NO_NAVSTART and the like) says nothing about the page: try again.
    if (attemptsLeft > 1) return audit(url, port, attemptsLeft - 1);
    throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  }
  for (const warning of runWarnings) console.log(`  warning: ${warning}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)]),
  ) as PageFigures['scores'];
  // The audits that cost points, so a score under target says why.
  const failing = Object.values(audits)
    .filter((entry) => entry.score !== null && entry.score < 0.9 && entry.scoreDisplayMode !== 'informative')
    .map((entry) => entry.id);
  return { scores, lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN, failing };
}

export async function siteFigures(): Promise<void> {
  console.log(
    `\n== site: Lighthouse mobile preset (simulated 4x CPU, 1.6 Mbps, 150 ms) on the public pages; median of ${RUNS} audits ==`,
  );
  const cleanup = new Cleanup();
  try {
    const api = await startBenchApi({ TEMPORAL_TASK_QUEUE: 'bench-site' });
    cleanup.add(() => api.close());
    const chrome = await launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    cleanup.add(async () => chrome.kill());
    // One load of each page first, as on a server that has been running: caches and connections are warm.
    for (const path of PAGES) {
      const warm = await fetch(`${api.baseUrl}${path}`);
      if (!warm.ok) throw new Error(`GET ${path} answered ${warm.status}: ${await warm.text()}`);
    }
    // Chromium's own first start is no page's cost.
    await audit(`${api.baseUrl}/`, chrome.port);
    for (const path of PAGES) {
      const runs: PageFigures[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await audit(`${api.baseUrl}${path}`, chrome.port));
      const figures: PageFigures = {
        scores: Object.fromEntries(
          CATEGORIES.map((name) => [name, median(runs.map((one) => one.scores[name]))]),
        ) as PageFigures['scores'],
        lcpMs: median(runs.map((one) => one.lcpMs)),
        failing: [...new Set(runs.flatMap((one) => one.failing))],
      };
      const scores = CATEGORIES.map((name) => `${name} ${figures.scores[name]}`).join(', ');
      const met = CATEGORIES.every((name) => figures.scores[name] >= SCORE_TARGET) && figures.lcpMs <= LCP_TARGET_MS;
      console.log(`${path}: ${scores}; LCP ${(figures.lcpMs / 1000).toFixed(2)} s -> ${verdict(met)}`);
      if (figures.failing.length) console.log(`  audits below 0.9: ${figures.failing.join(', ')}`);
    }
    console.log(`targets: every score >= ${SCORE_TARGET}, LCP <= ${LCP_TARGET_MS / 1000} s`);
  } finally {
    await cleanup.run();
  }
}
