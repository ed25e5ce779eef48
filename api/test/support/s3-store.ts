import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { findVersitygw } from '@turnproof/temporal';

const ACCESS_KEY = 'turnproof-test';
const SECRET_KEY = 'turnproof-test-secret';
const REGION = 'us-east-1';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A real S3-compatible server (versitygw over a temporary folder) with one empty bucket, for tests
 * of the object-store mode. `env` are the settings that put the API and worker on it.
 */
export async function startS3Store(bucket = 'turnproof-media') {
  const binary = await findVersitygw();
  const root = await mkdtemp(path.join(tmpdir(), 'turnproof-s3-'));
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  // Browsers PUT photos to the bucket from the runner's origin: CORS answers for any origin.
  const args = ['--access', ACCESS_KEY, '--secret', SECRET_KEY, '--port', `127.0.0.1:${port}`];
  const child = spawn(binary, [...args, '--cors-allow-origin', '*', '--quiet', 'posix', root], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const client = new S3Client({
    endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`versitygw did not start:\n${output}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET_KEY,
    },
    /** The keys of the objects in the bucket under a prefix, as the store lists them. */
    async keys(prefix = ''): Promise<string[]> {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async close() {
      client.destroy();
      child.kill('SIGTERM');
      await exited;
      await rm(root, { recursive: true, force: true });
    },
  };
}

export type S3Store = Awaited<ReturnType<typeof startS3Store>>;
