// Runs on the machine's own Node (maybe 20) before anything else: installs the locked dependencies
// (which bring Node 24 for every later script) when node_modules is missing or older than the lock file.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const lockHash = createHash('sha256').update(readFileSync('package-lock.json')).digest('hex');
const stampFile = 'node_modules/.turnproof-lock-hash';
const installedHash = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';

if (installedHash !== lockHash) {
  console.log('Installing dependencies (npm ci)...');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
  writeFileSync(stampFile, lockHash);
}
