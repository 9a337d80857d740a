// CI advisory check. `npm audit` when the registry answers it (its JSON is kept in the
// results file); otherwise every installed package is compared with .ci/known-bad.json.
// Exit 0: clean; 1: a known-vulnerable version is installed. A registry outage never fails.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = process.env.CI_RESULTS_DIR ?? path.join(root, '.ci/results');
mkdirSync(resultsDir, { recursive: true });
const npm = (args) =>
  spawnSync('npm', args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

const audit = npm(['audit', '--omit=dev', '--json']);
const auditFile = path.join(resultsDir, 'npm-audit.json');
writeFileSync(auditFile, audit.stdout || audit.stderr);
let report = null;
try {
  report = JSON.parse(audit.stdout);
} catch {
  // Not JSON: the registry did not answer.
}
const counts = report?.metadata?.vulnerabilities;
if (counts) {
  console.log(`[advisories] npm audit answered (kept in ${auditFile}):`, JSON.stringify(counts));
  process.exit(counts.high + counts.critical > 0 ? 1 : 0);
}

console.log(
  `[advisories] npm audit unavailable (${report?.statusCode ?? 'no answer'}); checking known-bad ranges`,
);
const { ranges } = JSON.parse(readFileSync(path.join(root, '.ci/known-bad.json'), 'utf8'));
const tree = JSON.parse(npm(['ls', '--all', '--omit=dev', '--json']).stdout);
const found = [];
const walk = (deps = {}) => {
  for (const [name, node] of Object.entries(deps)) {
    for (const bad of ranges) {
      if (bad.name === name && node.version && semver.satisfies(node.version, bad.range)) {
        found.push(`${name}@${node.version} (${bad.range}: ${bad.advisory})`);
      }
    }
    walk(node.dependencies);
  }
};
walk(tree.dependencies);
const unique = [...new Set(found)];
writeFileSync(path.join(resultsDir, 'known-bad.txt'), unique.join('\n') + '\n');
for (const line of unique) console.log(`[advisories] vulnerable: ${line}`);
console.log(`[advisories] ${unique.length} known-vulnerable package version(s) installed`);
process.exit(unique.length > 0 ? 1 : 0);
