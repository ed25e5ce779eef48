import { NativeConnection, Runtime } from '@temporalio/worker';
import {
  createActivities,
  createMailer,
  createMediaStorage,
  createPdfRenderer,
  createStripeClient,
} from '@turnproof/activities';
import { loadConfig } from '@turnproof/config';
import { createOrm } from '@turnproof/db';
import { createTurnproofWorker } from './worker.ts';

// We stop the worker ourselves on SIGINT/SIGTERM; the SDK's own handlers would do it a second time.
Runtime.install({ shutdownSignals: [] });

const config = loadConfig();
const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
const orm = await createOrm(config.DATABASE_URL);
const pdf = createPdfRenderer();
const worker = await createTurnproofWorker({
  config,
  connection,
  activities: createActivities({
    orm,
    mailer: createMailer(config),
    storage: createMediaStorage(config.mediaDir),
    pdf,
    stripe: createStripeClient(config),
    publicOrigin: config.publicOrigin,
  }),
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // A second signal (Ctrl-C, then the supervisor's SIGTERM) must not shut down a worker twice.
    if (worker.getState() !== 'RUNNING') return;
    console.log(`Turnproof worker: ${signal}, finishing running tasks...`);
    worker.shutdown();
  });
}

const running = worker.run();
console.log(
  `Turnproof worker ready: task queue ${config.TEMPORAL_TASK_QUEUE}, namespace ${config.TEMPORAL_NAMESPACE} on ${config.TEMPORAL_ADDRESS}`,
);
try {
  await running;
} finally {
  await Promise.allSettled([connection.close(), orm.close(), pdf.close()]);
}
