import type { ActivityInterceptorsFactory, RuntimeOptions } from '@temporalio/worker';

/**
 * The Temporal SDK's own metrics (task slots, poll and schedule-to-start latencies, sticky cache...)
 * served by the SDK core in Prometheus format at host:port/metrics.
 */
export function prometheusTelemetry(host: string, port: number): Pick<RuntimeOptions, 'telemetryOptions'> {
  // An IPv6 address goes in brackets before the port.
  const bindAddress = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  // Durations in seconds, as Prometheus names them everywhere else (ops/prometheus/alerts.yml relies on it).
  return {
    telemetryOptions: {
      metrics: { prometheus: { bindAddress, countersTotalSuffix: true, useSecondsForDurations: true } },
    },
  };
}

/**
 * Counts each activity execution by outcome (`turnproof_activity_outcomes_total{activityType, outcome}`)
 * through the SDK's metric meter, so it appears beside the SDK's series.
 */
export const activityOutcomes: ActivityInterceptorsFactory = (context) => ({
  inbound: {
    async execute(input, next) {
      const counter = context.metricMeter.createCounter(
        'turnproof_activity_outcomes',
        undefined,
        'Activity executions by outcome (completed, failed)',
      );
      try {
        const result = await next(input);
        counter.add(1, { outcome: 'completed' });
        return result;
      } catch (error) {
        counter.add(1, { outcome: 'failed' });
        throw error;
      }
    },
  },
});
