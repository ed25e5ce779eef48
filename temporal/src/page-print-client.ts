import type { Client } from '@temporalio/client';
import type { Config } from '@turnproof/config';
import { pagePrint, pagePrintWorkflowId, type PagePrintInput } from '@turnproof/workflows';

/** Has the worker print a stored page and waits until its PDF is stored; many callers share one print. */
export async function printStoredPage(
  client: Client,
  config: Pick<Config, 'TEMPORAL_TASK_QUEUE'>,
  input: PagePrintInput,
): Promise<void> {
  const handle = await client.workflow.start(pagePrint, {
    workflowId: pagePrintWorkflowId(input.pdfPath),
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    args: [input],
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'ALLOW_DUPLICATE',
  });
  await handle.result();
}
