/** The system Chromium (Debian's package); playwright-core ships no browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Without the background-networking flags Chromium waits on services it cannot reach from a closed network. */
const CHROMIUM_FLAGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * How to launch Chromium for a process of this user id. Chromium's sandbox (user namespaces) keeps a
 * compromised renderer away from the rest of the machine; Chromium refuses to start with it as root, so
 * only root goes without. The Docker images run as `USER node`, so they print sandboxed. Playwright adds
 * `--no-sandbox` itself unless `chromiumSandbox` is true.
 */
export function chromiumLaunchOptions(uid: number | undefined = process.getuid?.()) {
  const sandboxed = uid !== 0;
  return { chromiumSandbox: sandboxed, args: sandboxed ? CHROMIUM_FLAGS : ['--no-sandbox', ...CHROMIUM_FLAGS] };
}

/** The flags for this process (browser tests launch with them too). */
export const CHROMIUM_ARGS = chromiumLaunchOptions().args;

/** Said once per process: the operator should know the PDFs are printed without the sandbox. */
export const UNSANDBOXED_WARNING =
  'Chromium prints without its sandbox because this process runs as root; run it as another user (the Docker images use USER node) to sandbox it.';
