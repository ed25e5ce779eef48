// Version N+1: a timer before the wait, which a history made by version N does not have (a replay of
// one on this code is a determinism violation, as the test checks), and no patched() to guard it.
import { condition, setHandler, sleep } from '@temporalio/workflow';
import { codeVersionQuery, releaseSignal, upgradingProbeOn } from './messages.ts';

export async function deployProbe(): Promise<string> {
  let released = false;
  setHandler(codeVersionQuery, () => 'N+1');
  setHandler(releaseSignal, () => void (released = true));
  await sleep(10);
  await condition(() => released);
  return 'finished on N+1';
}

export const upgradingProbe = upgradingProbeOn('N+1');
