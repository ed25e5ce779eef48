import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { chromiumLaunchOptions } from '../../src/report/chromium-launch.ts';
import type { createPdfRenderer } from '../../src/report/index.ts';

// Security review L9: Chromium printed every report with --no-sandbox, also where it need not.

const rendererModule = path.resolve(import.meta.dirname, '../../src/report/index.ts');
const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

/** The command lines of the Chromium processes below `root`. */
async function chromiumsBelow(root: number): Promise<string[]> {
  const { stdout } = await promisify(execFile)('ps', ['-eo', 'pid=,ppid=,comm=']);
  const rows = stdout
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, ppid, comm]) => ({ pid: Number(pid), ppid: Number(ppid), comm: comm ?? '' }));
  const below = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows)
      if (below.has(row.ppid) && !below.has(row.pid)) {
        below.add(row.pid);
        grew = true;
      }
  }
  const lines: string[] = [];
  for (const row of rows) {
    if (!below.has(row.pid) || row.pid === root || !/chrom/i.test(row.comm)) continue;
    const cmdline = await readFile(`/proc/${row.pid}/cmdline`, 'utf8').catch(() => '');
    lines.push(cmdline.split('\0').join(' '));
  }
  return lines;
}

describe("Chromium's sandbox", () => {
  it('is on for every user but root, where Chromium refuses it', () => {
    expect(chromiumLaunchOptions(1000)).toMatchObject({ chromiumSandbox: true });
    expect(chromiumLaunchOptions(1000).args).not.toContain('--no-sandbox');
    expect(chromiumLaunchOptions(0)).toMatchObject({ chromiumSandbox: false });
    expect(chromiumLaunchOptions(0).args).toContain('--no-sandbox');
  });

  it('prints sandboxed as a user other than root (as the Docker images run): no Chromium has --no-sandbox', async () => {
    // As root, the renderer runs in a child process of the nobody user; otherwise this process is such a user.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { createPdfRenderer } from ${JSON.stringify(rendererModule)};
         const renderer = createPdfRenderer({ warn: (line) => console.log('WARN ' + line) });
         const pdf = await renderer.render('<!doctype html><title>t</title><p>Sandboxed print</p>');
         console.log('printed ' + pdf.subarray(0, 5).toString());
         process.stdin.resume();
         process.stdin.on('end', async () => { await renderer.close(); process.exit(0); });`,
      ],
      {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, HOME: '/tmp' },
        stdio: ['pipe', 'pipe', 'pipe'],
        ...(isRoot ? { uid: NOBODY, gid: NOBODY } : {}),
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const deadline = Date.now() + 60_000;
      while (!output.includes('printed') && child.exitCode === null && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(output).toContain('printed %PDF-');
      expect(output).not.toContain('WARN');
      const chromiums = await chromiumsBelow(child.pid!);
      expect(chromiums.length).toBeGreaterThan(0);
      for (const line of chromiums) expect(line).not.toContain('--no-sandbox');
    } finally {
      child.stdin.end();
      await exited;
    }
  }, 90_000);

  it.runIf(isRoot)(
    'goes without only as root, and says so once',
    async () => {
      // Said once per process: the renderer's module loaded afresh, as in a process of its own (an earlier
      // test file in this vitest worker may have printed a report already).
      vi.resetModules();
      const fresh = (await import('../../src/report/index.ts')) as { createPdfRenderer: typeof createPdfRenderer };
      const warnings: string[] = [];
      for (const _ of [1, 2]) {
        const renderer = fresh.createPdfRenderer({ warn: (line) => warnings.push(line) });
        expect(
          (await renderer.render('<!doctype html><title>t</title><p>Root print</p>')).subarray(0, 5).toString(),
        ).toBe('%PDF-');
        await renderer.close();
      }
      expect(warnings).toEqual([
        expect.stringMatching(/^Chromium prints without its sandbox because this process runs as root/),
      ]);
    },
    60_000,
  );
});
