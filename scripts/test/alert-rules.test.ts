import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const rulesDir = path.resolve(import.meta.dirname, '../../ops/prometheus');

// promtool comes with Debian's prometheus package (`npm test` installs it: scripts/ensure-promtool.ts).
describe('the Prometheus alert rules', () => {
  it('are valid rules', async () => {
    const { stdout } = await run('promtool', ['check', 'rules', 'alerts.yml'], { cwd: rulesDir });
    expect(stdout).toMatch(/SUCCESS: 8 rules found/);
  });

  it('fire on the sample troubles and stay quiet on a healthy system (promtool test rules)', async () => {
    const { stdout } = await run('promtool', ['test', 'rules', 'alerts.test.yml'], { cwd: rulesDir });
    expect(stdout).toMatch(/SUCCESS/);
  });
});
