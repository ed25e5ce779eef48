import { execFile, spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { TEMPORAL_CLI_VERSION } from '@turnproof/config';

const execFileAsync = promisify(execFile);
const CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal';

let found: Promise<string> | undefined;

/**
 * The Temporal CLI: `temporal` on PATH, else the one `go install` left in Go's bin directory, else
 * installed there now at the pinned version (a few minutes the first time).
 */
export function findTemporalCli(log: (line: string) => void = console.log): Promise<string> {
  found ??= locateOrInstall(log).catch((error: unknown) => {
    found = undefined;
    throw error;
  });
  return found;
}

async function locateOrInstall(log: (line: string) => void): Promise<string> {
  const onPath = await findOnPath('temporal');
  if (onPath) return onPath;

  const goBin = await goBinDir();
  const installed = join(goBin, 'temporal');
  if (await isExecutable(installed)) return installed;

  log(`Temporal CLI not found; installing ${CLI_MODULE}@${TEMPORAL_CLI_VERSION} with go install...`);
  await run('go', ['install', `${CLI_MODULE}@${TEMPORAL_CLI_VERSION}`]);
  if (!(await isExecutable(installed))) throw new Error(`go install finished but ${installed} is missing`);
  return installed;
}

async function findOnPath(name: string): Promise<string | undefined> {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/** Where `go install` puts binaries: GOBIN when set, else the first GOPATH entry's bin. */
async function goBinDir(): Promise<string> {
  let stdout: string;
  try {
    ({ stdout } = await execFileAsync('go', ['env', 'GOBIN', 'GOPATH']));
  } catch (error) {
    throw new Error(
      'The Temporal CLI is not on PATH and Go is not installed to build it. Install either ' +
        `(https://docs.temporal.io/cli or \`go install ${CLI_MODULE}@${TEMPORAL_CLI_VERSION}\`).`,
      { cause: error },
    );
  }
  const [gobin = '', gopath = ''] = stdout.split('\n').map((line) => line.trim());
  if (gobin) return gobin;
  const firstGopath = gopath.split(delimiter)[0];
  if (!firstGopath) throw new Error('`go env GOPATH` printed nothing');
  return join(firstGopath, 'bin');
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}
