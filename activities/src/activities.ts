import type { Mailer, MailMessage } from './mailer.ts';

export interface ActivityDeps {
  mailer: Mailer;
}

/**
 * Every activity closes over the dependencies it is given, so the worker wires real ones and tests
 * wire fakes. Workflows see only the type: `proxyActivities<ReturnType<typeof createActivities>>`.
 */
export function createActivities({ mailer }: ActivityDeps) {
  return {
    async sendMail(message: MailMessage): Promise<void> {
      await mailer.send(message);
    },
  };
}
