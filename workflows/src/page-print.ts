import { proxyActivities } from '@temporalio/workflow';
import type { createActivities } from '@turnproof/activities';

export interface PagePrintInput {
  htmlPath: string;
  pdfPath: string;
}

/** One id per PDF: concurrent requests for the same page wait for one print. */
export const pagePrintWorkflowId = (pdfPath: string) => `page-pdf/${pdfPath}`;

const { printStoredPage } = proxyActivities<ReturnType<typeof createActivities>>({
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '10 seconds', maximumAttempts: 3 },
});

/** `page-pdf/{pdfPath}`: prints a page the API stored as HTML to a PDF kept beside it, on the worker. */
export async function pagePrint(input: PagePrintInput): Promise<void> {
  await printStoredPage(input);
}
