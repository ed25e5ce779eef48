import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TemporalConfig } from '../../src/client.ts';
import { findTemporalCli } from '../../src/index.ts';

/** Saves a workflow's history for the replay test (`temporal/test/histories/{name}.json`). */
export async function recordHistory(config: TemporalConfig, name: string, workflowId: string) {
  const { stdout } = await promisify(execFile)(await findTemporalCli(), [
    ...['workflow', 'show', '--workflow-id', workflowId, '--output', 'json'],
    ...['--address', config.TEMPORAL_ADDRESS, '--namespace', config.TEMPORAL_NAMESPACE],
  ]);
  await writeFile(path.join(import.meta.dirname, '..', 'histories', `${name}.json`), stdout);
}
