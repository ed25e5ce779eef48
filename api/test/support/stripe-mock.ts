import { spawn } from 'node:child_process';
import Stripe from 'stripe';
import { findStripeMock } from '@turnproof/temporal';

export const TEST_WEBHOOK_SECRET = 'whsec_turnproof_test';

/**
 * stripe-mock (Stripe's own API double) on ports the OS picks, for one test file. It answers every
 * call with fixture objects and keeps no state; its log of requests shows what we sent.
 */
export async function startStripeMock() {
  const binary = await findStripeMock();
  const child = spawn(binary, ['-http-addr', '127.0.0.1:0', '-https-addr', '127.0.0.1:0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  let address: string | undefined;
  while (!(address = /Listening for HTTP at address: (\S+)/.exec(output)?.[1])) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`stripe-mock did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const apiBase = `http://${address}`;
  return {
    apiBase,
    /** Settings for the API and worker under test. */
    env: {
      STRIPE_SECRET_KEY: 'sk_test_turnproof',
      STRIPE_API_BASE: apiBase,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    },
    /** The form data of the requests stripe-mock received on a path (POST unless told), e.g. '/v1/invoiceitems'. */
    requestsTo(path: string, method = 'POST'): string[] {
      return [...output.matchAll(/Request: (\w+) (\S+)\n(?:Request data = (.*)\n)?/g)]
        .filter((match) => match[1] === method && match[2] === path)
        .map((match) => match[3] ?? '');
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export type StripeMock = Awaited<ReturnType<typeof startStripeMock>>;

/** A webhook delivery as Stripe makes it: the JSON body and its Stripe-Signature header. */
export function signedDelivery(event: object, secret = TEST_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}
