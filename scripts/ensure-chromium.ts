// Part of `npm start` and `npm test`: the worker prints reports and the tests drive a browser with the
// system Chromium, which npm cannot install.
import { DEBIAN_CHROMIUM_PATH, ensureChromium } from './lib/chromium-installer.ts';

try {
  ensureChromium({
    chromiumPath: process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM_PATH,
    isRoot: process.getuid?.() === 0,
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
