/**
 * The spec's performance thresholds, good / poor (Google's Core Web Vitals boundaries): a value at or
 * below the first is good, above the second poor, between them needs improvement. Milliseconds, except CLS.
 */
export const WEB_VITAL_THRESHOLDS = {
  FCP: [1800, 3000],
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  TTFB: [800, 1800],
} as const;

export type WebVitalName = keyof typeof WEB_VITAL_THRESHOLDS;
export const WEB_VITAL_NAMES = Object.keys(WEB_VITAL_THRESHOLDS) as [WebVitalName, ...WebVitalName[]];
/** The front ends that report their page loads. */
export const WEB_VITAL_APPS = ['console', 'runner'] as const;
export type WebVitalApp = (typeof WEB_VITAL_APPS)[number];
export type WebVitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateWebVital(name: WebVitalName, value: number): WebVitalRating {
  const [good, poor] = WEB_VITAL_THRESHOLDS[name];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}
