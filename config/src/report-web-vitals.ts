// Browser-only (imported by the front ends as `@turnproof/config/report-web-vitals`): nothing from the
// package's Node side.
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import type { WebVitalApp } from './web-vitals.ts';

/**
 * Sends the page's web vitals to the API (`POST /api/vitals`, counted by rating in its metrics) as each
 * becomes final: FCP and TTFB early, LCP, CLS and INP when the page is hidden. Lost reports are not retried.
 */
export function reportWebVitals(app: WebVitalApp): void {
  const send = ({ name, value }: Metric) =>
    fetch('/api/vitals', {
      method: 'POST',
      // Only a report sent as the page goes away must outlive it; browsers track keepalive requests apart
      // from the page, so they are kept for that moment.
      keepalive: document.visibilityState === 'hidden',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ app, name, value }),
    })
      // Read to its end: an answer whose body is never read stays an open request in the browser.
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
  for (const observe of [onCLS, onFCP, onINP, onLCP, onTTFB]) observe(send);
}
