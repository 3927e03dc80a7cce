// `npm run pack`: a clean build of every package, packed as an installable tarball into
// dist-packages/ (npm pack per workspace), then checked: each tarball holds its package's build and
// every file its exports map names, no tests or build state, and its @sprout-ai ranges name the
// versions packed beside it (the packages are versioned together, lerna's fixed mode).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist-packages');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const packages = workspaces.filter((workspace) => workspace.startsWith('packages/'));

const run = (command, args) =>
  execFileSync(command, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

// A clean build: dist/ may hold outputs of sources that were moved or deleted since.
for (const dir of packages) rmSync(join(root, dir, 'dist'), { recursive: true, force: true });
execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });

rmSync(out, { recursive: true, force: true });
mkdirSync(out);
const packed = JSON.parse(
  run('npm', ['pack', '--json', '--pack-destination', out, ...packages.flatMap((dir) => ['-w', dir])]),
);

const versions = new Map(packed.map(({ name, version }) => [name, version]));
const problems = [];
const { version: lernaVersion } = JSON.parse(readFileSync(join(root, 'lerna.json'), 'utf8'));
for (const { name, version } of packed) {
  if (version !== lernaVersion) problems.push(`${name}: version ${version}, but lerna.json says ${lernaVersion}`);
}
for (const tarball of packed) {
  const dir = packages.find(
    (workspace) => JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')).name === tarball.name,
  );
  const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
  const files = new Set(tarball.files.map((file) => file.path));
  for (const target of exportTargets(manifest.exports)) {
    if (!files.has(target.replace(/^\.\//, '')))
      problems.push(`${tarball.name}: exports names ${target}, which is not in the tarball`);
  }
  for (const file of files) {
    if (/(^|\/)(src|__fixtures__)\/|\.test\.|\.tsbuildinfo$/.test(file))
      problems.push(`${tarball.name}: ships ${file}`);
  }
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      if (!name.startsWith('@sprout-ai/')) continue;
      if (!versions.has(name)) problems.push(`${tarball.name}: ${field} ${name} is not one of the packed packages`);
      else if (range !== versions.get(name)) {
        problems.push(
          `${tarball.name}: ${field} ${name}@${range}, but ${versions.get(name)} is packed (use the exact version)`,
        );
      }
    }
  }
}
if (problems.length > 0) {
  process.stderr.write(`npm run pack: the tarballs are not right:\n${problems.map((p) => `  - ${p}\n`).join('')}`);
  process.exit(1);
}
for (const { filename, files } of packed)
  process.stdout.write(`${join('dist-packages', filename)} (${files.length} files)\n`);

/** The files an exports map points at: `{ ".": { "types": "./dist/index.d.ts", "default": … } }` → paths. */
function exportTargets(exports) {
  if (typeof exports === 'string') return [exports];
  return Object.values(exports ?? {}).flatMap(exportTargets);
}
