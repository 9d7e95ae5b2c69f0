// Repairs package-lock.json after `npm install` on this machine: the registry here serves only
// some platform builds of native packages (e.g. @oxc-parser/binding-darwin-arm64 answers 404),
// so npm leaves their optional entries out of the lock and `npm ci` then refuses the lock as
// out of sync. This adds each missing optional platform package as an entry with its os/cpu,
// which `npm ci` skips on every other platform. Run: node scripts/lock-fill-optional.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OS = ['android', 'darwin', 'freebsd', 'linux', 'openharmony', 'win32', 'netbsd', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu =
    parts.find((p) => CPU.includes(p)) ?? (parts.includes('eabi') || parts.includes('gnueabihf') ? 'arm' : undefined);
  return os && cpu ? { os, cpu } : null;
}

let added = 0;
for (const [key, pkg] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = key ? `${key}/node_modules/${dep}` : `node_modules/${dep}`;
    if (lock.packages[base] || lock.packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    lock.packages[`node_modules/${dep}`] = {
      version,
      cpu: [platform.cpu],
      dev: pkg.dev ?? undefined,
      optional: true,
      os: [platform.os],
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`lock: ${added} optional platform entries added`);
