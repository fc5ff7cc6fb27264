// Installs the tools this folder's package-lock.json names (`npm ci`) unless node_modules already holds
// exactly them: the build runs this before every bundle, and a fresh install takes half a minute.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const INSTALLED = 'node_modules/.installed-lock-sha256';
const lock = createHash('sha256').update(readFileSync('package-lock.json')).digest('hex');
if (existsSync(INSTALLED) && readFileSync(INSTALLED, 'utf8') === lock) {
  process.exit(0);
}
const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { stdio: 'inherit' });
if (npm.status !== 0) {
  process.exit(npm.status ?? 1);
}
writeFileSync(INSTALLED, lock);
