// `npm run check:packages`: installs the tarballs `npm run pack` wrote to dist-packages/ into a fresh
// project outside the repository, as a user would, and checks what that user gets:
// - nothing native: better-sqlite3 and ioredis, optional peers, are not installed;
// - every entry point of every package loads with require and with import, with the same names;
// - paths into dist/ are refused (only the exports map's entries are public);
// - TypeScript (module node16) finds the types of every entry.
// npm installs from its cache (--offline). When that fails it retries with --prefer-offline, which
// asks the registry only for what the cache lacks: a cache filled by `npm ci` alone holds tarballs
// but not always the registry metadata a plain install resolves versions from (npm then reports
// ERESOLVE with "inversify@undefined", not ENOTCACHED).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tarballDir = join(root, 'dist-packages');
const tarballs = existsSync(tarballDir) ? readdirSync(tarballDir).filter((file) => file.endsWith('.tgz')) : [];
if (tarballs.length === 0) fail(`no tarballs in ${tarballDir}: run npm run pack first`);

// The peers a user installs beside Sprout, at the versions the workspace is tested with.
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const peers = ['inversify', 'reflect-metadata', 'class-validator', 'class-transformer'];
const project = mkdtempSync(join(tmpdir(), 'sprout-install-'));
try {
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'sprout-install-check', private: true, version: '1.0.0' }, null, 2),
  );
  const specs = [
    ...tarballs.map((file) => join(tarballDir, file)),
    ...peers.map((name) => `${name}@${lock.packages[`node_modules/${name}`].version}`),
  ];
  install(specs);

  const problems = [];
  for (const native of ['better-sqlite3', 'ioredis']) {
    if (existsSync(join(project, 'node_modules', native)))
      problems.push(`${native} was installed, but it is an optional peer`);
  }

  const entries = tarballs.flatMap((file) => {
    const manifest = JSON.parse(
      readFileSync(join(project, 'node_modules', packageNameOf(file), 'package.json'), 'utf8'),
    );
    return Object.keys(manifest.exports)
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? manifest.name : `${manifest.name}/${key.slice(2)}`));
  });
  const loaded = JSON.parse(
    node(`
      const entries = ${JSON.stringify(entries)};
      (async () => {
        const result = {};
        for (const entry of entries) {
          const required = Object.keys(require(entry)).sort();
          const imported = Object.keys(await import(entry)).filter((name) => name !== 'default').sort();
          result[entry] = { required, imported };
        }
        let deep;
        try { require('@sprout-ai/core/dist/index.js'); } catch (error) { deep = error.code; }
        process.stdout.write(JSON.stringify({ result, deep }));
      })();
    `),
  );
  for (const [entry, { required, imported }] of Object.entries(loaded.result)) {
    if (required.length === 0) problems.push(`${entry}: require() gave no exports`);
    const missing = required.filter((name) => !imported.includes(name));
    if (missing.length > 0) problems.push(`${entry}: import() lacks ${missing.join(', ')}`);
  }
  if (loaded.deep !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') {
    problems.push(`require('@sprout-ai/core/dist/index.js') was not refused (got ${loaded.deep ?? 'the module'})`);
  }

  writeFileSync(
    join(project, 'check.ts'),
    entries.map((entry, i) => `import * as entry${i} from '${entry}';\n`).join('') +
      `export const entries = [${entries.map((_, i) => `entry${i}`).join(', ')}];\n`,
  );
  try {
    execFileSync(
      process.execPath,
      [
        join(project, 'node_modules', 'typescript', 'bin', 'tsc'),
        ...['--noEmit', '--strict', '--skipLibCheck', '--module', 'node16', '--types', 'node', 'check.ts'],
      ],
      { cwd: project, encoding: 'utf8', stdio: 'pipe' },
    );
  } catch (error) {
    problems.push(`TypeScript could not type the entries:\n${error.stdout}`);
  }

  if (problems.length > 0) fail(`the installed packages are not right:\n${problems.map((p) => `  - ${p}\n`).join('')}`);
  process.stdout.write(
    `check:packages: ${tarballs.length} tarballs installed into a fresh project; ${entries.length} entries load ` +
      'with require and import and type-check; no native package was installed.\n',
  );
} finally {
  rmSync(project, { recursive: true, force: true });
}

function install(specs) {
  const args = ['install', '--no-audit', '--no-fund', '--loglevel=error', ...specs];
  try {
    execFileSync('npm', [...args, '--offline'], { cwd: project, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const output = `${error.stdout}${error.stderr}`;
    const reason = /npm error code (\S+)/.exec(output)?.[1] ?? 'an error';
    process.stderr.write(
      `check:packages: installing from npm's cache alone failed (${reason}); retrying with --prefer-offline.\n`,
    );
    execFileSync('npm', [...args, '--prefer-offline'], { cwd: project, encoding: 'utf8', stdio: 'pipe' });
  }
}

function node(script) {
  return execFileSync(process.execPath, ['-e', script], { cwd: project, encoding: 'utf8' });
}

/** `sprout-ai-chat-client-0.1.0.tgz` → `@sprout-ai/chat-client`. */
function packageNameOf(tarball) {
  return `@sprout-ai/${tarball.replace(/^sprout-ai-/, '').replace(/-\d+\.\d+\.\d+(-[\w.]+)?\.tgz$/, '')}`;
}

function fail(message) {
  process.stderr.write(`check:packages: ${message}\n`);
  process.exit(1);
}
