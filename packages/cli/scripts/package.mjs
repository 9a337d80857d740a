// Makes the installable `promptloom` package (decision 094): the bundle (bin/ and dist/, which
// need no other package at run time: scripts/build.mjs) with a package.json of its own, packed
// by npm into release/promptloom-<version>.tgz, a tarball a team can share and install with
// `npm install -g <file>`. With --install, installs it under npm's global prefix (its `bin`
// folder is on the user's PATH; NPM_CONFIG_PREFIX or `npm config set prefix` choose another).
import { execFileSync } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const release = `${root}release/`;
const stage = `${release}package/`;
const install = process.argv.includes('--install');

// Run from `npm run`, npm's own variables name the checkout as the project: the npm started
// here must see the staged package instead. The user's settings (npm_config_*) are kept.
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^npm_(config_local_prefix|package_|lifecycle_)/i.test(name),
  ),
);
const npm = (args, cwd) =>
  execFileSync('npm', args, {
    cwd,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    shell: process.platform === 'win32',
  });

const cli = JSON.parse(await readFile(`${root}package.json`, 'utf8'));
await rm(stage, { recursive: true, force: true });
await mkdir(stage, { recursive: true });
await cp(`${root}bin`, `${stage}bin`, { recursive: true });
// Built from the current sources straight into the package (the checkout's dist/ is left to
// the commands and tests running from it).
execFileSync(process.execPath, [`${root}scripts/build.mjs`, `${stage}dist`], { stdio: 'inherit' });
const manifest = {
  name: 'promptloom',
  version: cli.version,
  description: cli.description,
  type: 'module',
  bin: cli.bin,
  files: ['bin', 'dist'],
  engines: cli.engines,
};
await writeFile(`${stage}package.json`, `${JSON.stringify(manifest, null, 2)}\n`);
const [packed] = JSON.parse(
  npm(['pack', '--json', '--pack-destination', release, '--loglevel', 'error'], stage),
);
const tarball = `${release}${packed.filename}`;
console.log(`packed ${tarball}`);
if (install) {
  npm(['install', '--global', '--no-audit', '--no-fund', '--loglevel', 'error', tarball], stage);
  const prefix = npm(['prefix', '--global'], stage).trim();
  const bin = process.platform === 'win32' ? prefix : `${prefix}/bin`;
  console.log(`installed promptloom ${cli.version} in ${bin}`);
  const onPath = (process.env.PATH ?? '').split(process.platform === 'win32' ? ';' : ':');
  if (!onPath.includes(bin)) console.log(`add ${bin} to your PATH to run it`);
}
