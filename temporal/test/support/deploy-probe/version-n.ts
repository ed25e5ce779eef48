// Version N of the versioning test's workflow: waits for `release`, then answers its version.
import { condition, setHandler } from '@temporalio/workflow';
import { codeVersionQuery, releaseSignal, upgradingProbeOn } from './messages.ts';

export async function deployProbe(): Promise<string> {
  let released = false;
  setHandler(codeVersionQuery, () => 'N');
  setHandler(releaseSignal, () => void (released = true));
  await condition(() => released);
  return 'finished on N';
}

export const upgradingProbe = upgradingProbeOn('N');
