// The worker process (after worker-main.ts): activities, the workflow bundle, and a worker that reconnects.
import { readFile } from 'node:fs/promises';
import { Runtime, type NativeConnection } from '@temporalio/worker';
import { createActivities } from '@turnproof/activities';
import { configuredBackupSources } from '@turnproof/platform/backup';
import { configuredMediaStorage } from '@turnproof/platform/configured-storage';
import { createMailer } from '@turnproof/platform/mailer';
import { stopTracing } from '@turnproof/platform/tracing';
import { createPdfRenderer } from '@turnproof/platform/report';
import { createStripeClient } from '@turnproof/platform/stripe';
import { createTextSender } from '@turnproof/platform/twilio-messages';
import { createPushSender } from '@turnproof/platform/web-push-sender';
import { loadConfig } from '@turnproof/config';
import { createLogger } from '@turnproof/config/logger';
import { createOrm } from '@turnproof/db';
import { temporalConnectionOptions } from './connection-options.ts';
import { temporalLogger } from './logger.ts';
import { startPdfReadiness } from './pdf-readiness.ts';
import { bundleTurnproofWorkflows, createTurnproofWorker, SHUTDOWN_GRACE_MS } from './worker.ts';
import { promoteNewVersion, workerDeploymentVersion } from './worker-deployment.ts';
import { WorkerLoop } from './worker-loop.ts';
import { prometheusTelemetry } from './worker-metrics.ts';

const config = loadConfig();
const logger = createLogger(config, 'worker');
// We stop the worker ourselves on SIGINT/SIGTERM; the SDK's own handlers would do it a second time.
Runtime.install({
  shutdownSignals: [],
  logger: temporalLogger(logger),
  ...(config.WORKER_METRICS_PORT ? prometheusTelemetry(config.METRICS_HOST, config.WORKER_METRICS_PORT) : {}),
});

const orm = await createOrm(config.DATABASE_URL);
const pdf = createPdfRenderer();
// A worker without Chromium still runs (reports retry and say why); the check tells /api/health.
const pdfReadiness = await startPdfReadiness({ orm, pdf });
const storage = configuredMediaStorage(config);
await storage.prepare?.();
const activities = createActivities({
  orm,
  mailer: createMailer(config),
  storage,
  pdf,
  stripe: createStripeClient(config),
  texts: createTextSender(config),
  push: createPushSender(config),
  publicOrigin: config.publicOrigin,
  secretKey: config.SECRET_KEY,
  allowPrivateCalendarAddresses: config.CALENDAR_ALLOW_PRIVATE_ADDRESSES,
  allowPrivateWebhookAddresses: config.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
  timestamps: {
    urls: config.TSA_URL,
    caFile: config.TSA_CA_FILE,
    allowPrivateAddresses: config.TSA_ALLOW_PRIVATE_ADDRESSES,
  },
  meter: Runtime.instance().metricMeter,
  backup: config.BACKUP_DIR ? { sources: configuredBackupSources(config), dir: config.BACKUP_DIR } : undefined,
});
// A production image carries the bundle (WORKFLOW_BUNDLE_PATH); elsewhere it is built once here.
const workflowBundle = config.WORKFLOW_BUNDLE_PATH ? undefined : await bundleTurnproofWorkflows();
const deploymentVersion = workerDeploymentVersion(
  config,
  workflowBundle?.code ?? (config.WORKFLOW_BUNDLE_PATH ? await readFile(config.WORKFLOW_BUNDLE_PATH, 'utf8') : ''),
);
let connected: NativeConnection | undefined;
const loop = new WorkerLoop({
  connection: temporalConnectionOptions(config),
  create: (connection) => {
    connected = connection;
    return createTurnproofWorker({ config, connection, activities, workflowBundle, deploymentVersion });
  },
  log: (message, error) => console.error(`Turnproof worker: ${message}`, error instanceof Error ? error.message : ''),
  onRunning: () => {
    console.log(
      `Turnproof worker ready: task queue ${config.TEMPORAL_TASK_QUEUE}, namespace ${config.TEMPORAL_NAMESPACE} on ${config.TEMPORAL_ADDRESS}` +
        (deploymentVersion ? `, version ${deploymentVersion.deploymentName}/${deploymentVersion.buildId}` : ''),
    );
    if (deploymentVersion && connected) void promote(connected, deploymentVersion);
  },
});

/** A new version takes the new runs once its workers poll (docs/operations.md, Deploying workflow changes). */
async function promote(connection: NativeConnection, version: NonNullable<typeof deploymentVersion>) {
  try {
    const outcome = await promoteNewVersion({
      service: connection.workflowService,
      namespace: config.TEMPORAL_NAMESPACE,
      version,
    });
    console.log(`Turnproof worker: version ${version.buildId} ${outcome.replaceAll('-', ' ')}.`);
  } catch (error) {
    // Runs already pinned here go on; new ones wait for an operator (temporal worker deployment set-current-version).
    console.error(`Turnproof worker: could not make version ${version.buildId} current.`, error);
  }
}
if (config.WORKER_METRICS_PORT)
  console.log(`Turnproof worker metrics at ${config.METRICS_HOST}:${config.WORKER_METRICS_PORT}/metrics`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`Turnproof worker: ${signal}, finishing running tasks...`);
    loop.shutdown();
    // The process ends even if something hangs past the grace time (a Temporal server gone mid-shutdown,
    // a socket still open): a supervisor or a test waiting for it must not wait forever.
    setTimeout(() => {
      console.error('Turnproof worker: still running after the grace time; exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 5_000).unref();
  });
}

try {
  await loop.run();
} catch (error) {
  // Fatal: exit non-zero so the supervisor (npm start, docker, systemd) starts a fresh process.
  console.error('Turnproof worker: fatal error, exiting.', error);
  process.exitCode = 1;
} finally {
  await pdfReadiness.stop().catch(() => undefined);
  await Promise.allSettled([orm.close(), pdf.close(), stopTracing()]);
}
