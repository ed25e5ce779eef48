import { condition, defineQuery, defineSignal, setHandler } from '@temporalio/workflow';
import { upgradeWithEachVersion } from '../../../../workflows/src/versioning.ts';

/** The two workflow code versions of the versioning test, told apart by what they answer. */
export const codeVersionQuery = defineQuery<string>('codeVersion');
export const releaseSignal = defineSignal('release');

/**
 * A workflow the same in both versions but for the version it names, declared as the long-lived ones are
 * (upgradeWithEachVersion): started on N, it finishes on the newest version.
 */
export function upgradingProbeOn(code: string) {
  async function upgradingProbe(): Promise<string> {
    let released = false;
    setHandler(codeVersionQuery, () => code);
    setHandler(releaseSignal, () => void (released = true));
    await condition(() => released);
    return `finished on ${code}`;
  }
  upgradeWithEachVersion(upgradingProbe);
  return upgradingProbe;
}
