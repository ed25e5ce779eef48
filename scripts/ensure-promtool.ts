// Part of `npm test`: the alert rules are checked with Prometheus's promtool (Debian's `prometheus`
// package), which npm cannot install.
import { aptInstall, isExecutable } from './lib/chromium-installer.ts';

const PROMTOOL = '/usr/bin/promtool';

if (!isExecutable(PROMTOOL)) {
  if (process.getuid?.() !== 0) {
    console.error(
      'promtool is not installed (the alert rules are tested with it): run `sudo apt-get install -y prometheus`.',
    );
    process.exit(1);
  }
  console.log("promtool is not installed: installing Debian's prometheus package (once)...");
  aptInstall(['prometheus']);
}
