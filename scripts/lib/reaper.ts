import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * `npm start` runs each child (Temporal, the worker, the API) in its own process group, so Ctrl-C reaches
 * only the supervisor, which stops them in order. The flip side: a supervisor killed outright (SIGKILL, an
 * out-of-memory kill, a closed terminal's tab) would leave them all running. The reaper is a small process
 * of its own, tied to the supervisor by an IPC channel: told of each group as it starts and ends, it stops
 * those still alive when the channel closes without the supervisor having stopped them.
 */
export interface Reaper {
  /** A child whose process group must not outlive the supervisor. */
  adopt(pid: number | undefined): void;
  /** The supervisor stopped it itself (or it died): nothing to reap. */
  release(pid: number | undefined): void;
}

export type ReaperMessage = { adopt: number } | { release: number };

const REAPER_MAIN = path.join(import.meta.dirname, 'reaper-main.ts');

export function startReaper(): Reaper {
  const child = spawn(process.execPath, ['--import', 'tsx', REAPER_MAIN], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Its own group too: Ctrl-C must not stop it before the supervisor has stopped the others.
    detached: true,
  });
  // Neither the reaper nor its channel keeps the supervisor running.
  child.unref();
  child.channel?.unref();
  const send = (message: ReaperMessage) => {
    if (child.connected) child.send(message);
  };
  return {
    adopt: (pid) => pid && send({ adopt: pid }),
    release: (pid) => pid && send({ release: pid }),
  };
}
