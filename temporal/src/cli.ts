import { execFile, spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { STRIPE_MOCK_VERSION, TEMPORAL_CLI_VERSION, VERSITYGW_VERSION } from '@turnproof/config';

const execFileAsync = promisify(execFile);

/** A Go program we run: its binary name and the module `go install` builds it from. */
interface GoTool {
  name: string;
  module: string;
  version: string;
  docs: string;
}

const temporalCli: GoTool = {
  name: 'temporal',
  module: 'github.com/temporalio/cli/cmd/temporal',
  version: TEMPORAL_CLI_VERSION,
  docs: 'https://docs.temporal.io/cli',
};
const stripeMock: GoTool = {
  name: 'stripe-mock',
  module: 'github.com/stripe/stripe-mock',
  version: STRIPE_MOCK_VERSION,
  docs: 'https://github.com/stripe/stripe-mock',
};
const versitygw: GoTool = {
  name: 'versitygw',
  module: 'github.com/versity/versitygw/cmd/versitygw',
  version: VERSITYGW_VERSION,
  docs: 'https://github.com/versity/versitygw',
};

const found = new Map<string, Promise<string>>();

/**
 * A Go tool: on PATH, else the one `go install` left in Go's bin directory, else installed there now
 * at the pinned version (a few minutes the first time).
 */
function findGoTool(tool: GoTool, log: (line: string) => void): Promise<string> {
  let lookup = found.get(tool.name);
  if (!lookup) {
    lookup = locateOrInstall(tool, log).catch((error: unknown) => {
      found.delete(tool.name);
      throw error;
    });
    found.set(tool.name, lookup);
  }
  return lookup;
}

export const findTemporalCli = (log: (line: string) => void = console.log) => findGoTool(temporalCli, log);
/** stripe-mock, the Stripe API double the billing tests talk to. */
export const findStripeMock = (log: (line: string) => void = console.log) => findGoTool(stripeMock, log);
/** versitygw, the S3-compatible server the object-store tests run against. */
export const findVersitygw = (log: (line: string) => void = console.log) => findGoTool(versitygw, log);

async function locateOrInstall(tool: GoTool, log: (line: string) => void): Promise<string> {
  const onPath = await findOnPath(tool.name);
  if (onPath) return onPath;

  const goBin = await goBinDir(tool);
  const installed = join(goBin, tool.name);
  if (await isExecutable(installed)) return installed;

  log(`${tool.name} not found; installing ${tool.module}@${tool.version} with go install...`);
  await run('go', ['install', `${tool.module}@${tool.version}`]);
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
async function goBinDir(tool: GoTool): Promise<string> {
  let stdout: string;
  try {
    ({ stdout } = await execFileAsync('go', ['env', 'GOBIN', 'GOPATH']));
  } catch (error) {
    throw new Error(
      `${tool.name} is not on PATH and Go is not installed to build it. Install either ` +
        `(${tool.docs} or \`go install ${tool.module}@${tool.version}\`).`,
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
