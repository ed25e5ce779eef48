import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/** Where Debian's `chromium` package puts the browser; the default of CHROMIUM_PATH. */
export const DEBIAN_CHROMIUM_PATH = '/usr/bin/chromium';
/** The browser and the fonts reports are set in (Liberation stands in for Helvetica and Arial). */
export const CHROMIUM_PACKAGES = ['chromium', 'fonts-liberation'];
const INSTALL_COMMAND = `sudo apt-get install -y ${CHROMIUM_PACKAGES.join(' ')}`;

export interface EnsureChromiumOptions {
  /** CHROMIUM_PATH, or Debian's path when unset. */
  chromiumPath: string;
  /** Where the package puts the browser (Debian's path; tests name their fake apt's). */
  packagePath?: string;
  /** Only root may run apt-get here; anyone else is told the command to run. */
  isRoot: boolean;
  /** The environment apt-get runs in (its PATH decides which apt-get; tests put a fake one first). */
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

/** Installs Debian packages quietly (as root), printing only apt's errors. */
export function aptInstall(packages: string[], env: NodeJS.ProcessEnv = process.env): void {
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { env: aptEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
    env: aptEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes sure the worker can print reports: when Chromium is missing, installs Debian's package as root,
 * otherwise stops with one sentence naming the command to run. Returns what it did.
 */
export function ensureChromium(options: EnsureChromiumOptions): 'present' | 'installed' {
  const { chromiumPath, isRoot, packagePath = DEBIAN_CHROMIUM_PATH, env = process.env, log = console.log } = options;
  if (isExecutable(chromiumPath)) return 'present';
  if (chromiumPath !== packagePath) {
    throw new Error(
      `CHROMIUM_PATH is ${chromiumPath}, where no Chromium is installed: point it at a Chromium or unset it and run \`${INSTALL_COMMAND}\`.`,
    );
  }
  if (!isRoot) {
    throw new Error(
      `Chromium is not installed (reports are printed with it): run \`${INSTALL_COMMAND}\` and start again.`,
    );
  }
  log(`Chromium is not installed: installing Debian's ${CHROMIUM_PACKAGES.join(' and ')} (once, about a minute)...`);
  aptInstall(CHROMIUM_PACKAGES, env);
  if (!isExecutable(chromiumPath)) {
    throw new Error(`apt-get installed ${CHROMIUM_PACKAGES.join(' ')} but ${chromiumPath} is still missing.`);
  }
  log(`Chromium installed at ${chromiumPath}.`);
  return 'installed';
}
