import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureChromium } from '../lib/chromium-installer.ts';

/** A fake apt-get first on PATH: it logs its arguments and, on install, puts an executable where Debian's package would. */
async function fakeApt() {
  const dir = await mkdtemp(path.join(tmpdir(), 'turnproof-fake-apt-'));
  const chromium = path.join(dir, 'chromium');
  const log = path.join(dir, 'apt.log');
  await writeFile(
    path.join(dir, 'apt-get'),
    `#!/bin/sh\necho "$DEBIAN_FRONTEND $*" >> ${log}\nif [ "$1" = install ]; then printf '#!/bin/sh\\n' > ${chromium}; chmod +x ${chromium}; fi\n`,
  );
  await chmod(path.join(dir, 'apt-get'), 0o755);
  const env = { ...process.env, PATH: `${dir}:${process.env.PATH ?? ''}` };
  const aptCalls = async () => (await readFile(log, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
  return { chromium, env, aptCalls };
}

describe('the Chromium installer of npm start and npm test', () => {
  it("installs Debian's chromium and fonts as root when Chromium is missing", async () => {
    const apt = await fakeApt();
    const lines: string[] = [];
    const outcome = ensureChromium({
      chromiumPath: apt.chromium,
      packagePath: apt.chromium,
      isRoot: true,
      env: apt.env,
      log: (line) => lines.push(line),
    });
    expect(outcome).toBe('installed');
    expect(await apt.aptCalls()).toEqual([
      'noninteractive update -qq',
      'noninteractive install -y -qq chromium fonts-liberation',
    ]);
    expect(lines[0]).toContain('Chromium is not installed: installing');
  });

  it('does nothing when Chromium is there', async () => {
    const apt = await fakeApt();
    ensureChromium({
      chromiumPath: apt.chromium,
      packagePath: apt.chromium,
      isRoot: true,
      env: apt.env,
      log: () => {},
    });
    const outcome = ensureChromium({
      chromiumPath: apt.chromium,
      packagePath: apt.chromium,
      isRoot: true,
      env: apt.env,
    });
    expect(outcome).toBe('present');
    expect(await apt.aptCalls()).toHaveLength(2);
  });

  it('stops a user who is not root with one sentence naming the command', async () => {
    const apt = await fakeApt();
    expect(() =>
      ensureChromium({ chromiumPath: apt.chromium, packagePath: apt.chromium, isRoot: false, env: apt.env }),
    ).toThrow(
      'Chromium is not installed (reports are printed with it): run `sudo apt-get install -y chromium fonts-liberation` and start again.',
    );
    expect(await apt.aptCalls()).toEqual([]);
  });

  it('names a CHROMIUM_PATH that points nowhere instead of installing', async () => {
    const apt = await fakeApt();
    expect(() =>
      ensureChromium({ chromiumPath: '/nowhere/chromium', packagePath: apt.chromium, isRoot: true, env: apt.env }),
    ).toThrow('CHROMIUM_PATH is /nowhere/chromium, where no Chromium is installed');
    expect(await apt.aptCalls()).toEqual([]);
  });
});
