import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * A vitest reporter for CI, beside the default one: after the run, the slowest test files (import, hooks
 * and tests), so each CI log shows where the time of its longest step goes.
 */
export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules.map((module) => {
      const { collectDuration, setupDuration, duration } = module.diagnostic();
      return {
        seconds: (collectDuration + setupDuration + duration) / 1000,
        name: path.relative(process.cwd(), module.moduleId),
      };
    });
    const total = files.reduce((sum, file) => sum + file.seconds, 0);
    console.log(`\n${files.length} test files, ${Math.round(total)} s in all; the 30 slowest (s):`);
    for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, 30)) {
      console.log(`${file.seconds.toFixed(1).padStart(7)}  ${file.name}`);
    }
  }
}
