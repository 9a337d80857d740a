// Adds to package-lock.json the unrs-resolver platform bindings that this machine's registry
// mirror lacks (404), so npm install leaves them out and npm ci then refuses the lock (decision 001).
// Usage: node scripts/complete-lockfile.mjs [package-lock.json]
import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2] ?? new URL('../package-lock.json', import.meta.url).pathname;
const lock = JSON.parse(readFileSync(file, 'utf8'));
const parent = lock.packages['node_modules/unrs-resolver'];
const platform = {
  'android-arm-eabi': { os: ['android'], cpu: ['arm'] },
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'], libc: ['glibc'] },
  'linux-arm-musleabihf': { os: ['linux'], cpu: ['arm'], libc: ['musl'] },
  'linux-loong64-gnu': { os: ['linux'], cpu: ['loong64'], libc: ['glibc'] },
  'linux-loong64-musl': { os: ['linux'], cpu: ['loong64'], libc: ['musl'] },
  'linux-ppc64-gnu': { os: ['linux'], cpu: ['ppc64'], libc: ['glibc'] },
  'linux-riscv64-gnu': { os: ['linux'], cpu: ['riscv64'], libc: ['glibc'] },
  'linux-riscv64-musl': { os: ['linux'], cpu: ['riscv64'], libc: ['musl'] },
  'linux-s390x-gnu': { os: ['linux'], cpu: ['s390x'], libc: ['glibc'] },
  'openharmony-arm64': { os: ['openharmony'], cpu: ['arm64'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-ia32-msvc': { os: ['win32'], cpu: ['ia32'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};
let added = 0;
for (const [name, version] of Object.entries(parent.optionalDependencies)) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const target = platform[name.replace('@unrs/resolver-binding-', '')];
  if (!target) throw new Error(`unknown platform for ${name}`);
  lock.packages[key] = {
    version,
    cpu: target.cpu,
    dev: true,
    ...(target.libc ? { libc: target.libc } : {}),
    license: 'MIT',
    optional: true,
    os: target.os,
  };
  added++;
}
const all = Object.entries(lock.packages);
const isBinding = ([key]) => key.startsWith('node_modules/@unrs/resolver-binding-');
const bindings = all.filter(isBinding).sort(([a], [b]) => a.localeCompare(b, 'en'));
const firstIndex = all.findIndex(isBinding);
const rest = all.filter((entry) => !isBinding(entry));
rest.splice(firstIndex, 0, ...bindings);
lock.packages = Object.fromEntries(rest);
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log('added', added);
