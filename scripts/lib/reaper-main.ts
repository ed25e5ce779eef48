// The reaper's process (scripts/lib/reaper.ts): holds the process groups `npm start` is running and stops
// them when the supervisor is gone without having stopped them.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ReaperMessage } from './reaper.ts';

/** As long as the supervisor's own stop waits: the worker finishes its running tasks in this time. */
const GRACE_MS = 15_000;

const groups = new Set<number>();

const signalGroup = (pid: number, signal: NodeJS.Signals | 0) => {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
};

process.on('message', (message: ReaperMessage) => {
  if ('adopt' in message) groups.add(message.adopt);
  else groups.delete(message.release);
});

process.on('disconnect', () => {
  void (async () => {
    for (const pid of groups) signalGroup(pid, 'SIGTERM');
    const deadline = Date.now() + GRACE_MS;
    while ([...groups].some((pid) => signalGroup(pid, 0)) && Date.now() < deadline) await sleep(200);
    for (const pid of groups) signalGroup(pid, 'SIGKILL');
    process.exit(0);
  })();
});
