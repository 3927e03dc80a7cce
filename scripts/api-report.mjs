// The API report of every package entry point, checked in as packages/<name>/api/<name>.api.md
// (and <name>-internal.api.md for ./internal), so a change of a public surface shows in review.
//   node scripts/api-report.mjs          fails when a report differs from the build (npm test runs it)
//   node scripts/api-report.mjs --update rewrites the reports (npm run api:update)
// It reads the built declarations (dist/*.d.ts): build first (npm test does).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const update = process.argv.includes('--update');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** api-extractor's notices that a report was written, differs or is missing. */
const REPORT_NOTICES = new Set([
  'console-api-report-copied',
  'console-api-report-created',
  'console-api-report-diff',
  'console-api-report-not-copied',
  'console-api-report-unchanged',
]);

const failures = [];
for (const dir of workspaces.filter((workspace) => workspace.startsWith('packages/'))) {
  const projectFolder = join(root, dir);
  const manifest = JSON.parse(readFileSync(join(projectFolder, 'package.json'), 'utf8'));
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (typeof target === 'string') continue; // ./package.json
    const entry = subpath === '.' ? '' : `-${subpath.slice(2)}`;
    const reportFileName = `${manifest.name.split('/')[1]}${entry}.api.md`;
    const declarations = join(projectFolder, target.types);
    if (!existsSync(declarations)) {
      failures.push(`${manifest.name}${subpath.slice(1)}: ${declarations} does not exist; run npm run build first`);
      continue;
    }
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder,
        mainEntryPointFilePath: declarations,
        compiler: { tsconfigFilePath: join(projectFolder, 'tsconfig.json') },
        apiReport: {
          enabled: true,
          reportFileName,
          reportFolder: join(projectFolder, 'api'),
          reportTempFolder: join(root, 'node_modules', '.cache', 'api-extractor'),
        },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          compilerMessageReporting: { default: { logLevel: 'error' } },
          extractorMessageReporting: {
            default: { logLevel: 'warning' },
            // We do not tag releases (@public, @beta …): every exported name is public.
            'ae-missing-release-tag': { logLevel: 'none' },
            // TSDoc links name members and sibling packages' exports, which it cannot resolve.
            'ae-unresolved-link': { logLevel: 'none' },
            // Missing TSDoc is the house rules' and the review's concern, not this report's.
            'ae-undocumented': { logLevel: 'none' },
            // A public signature that uses a type its entry does not export: written into the report,
            // where review sees it. (./internal uses the main entry's types, which it does not export again.)
            'ae-forgotten-export':
              entry === '' ? { logLevel: 'warning', addToApiReportFile: true } : { logLevel: 'none' },
            // `@internal` marks what users do not call, e.g. a constructor behind a factory.
            'ae-internal-missing-underscore': { logLevel: 'none' },
          },
          tsdocMessageReporting: { default: { logLevel: 'none' } },
        },
      },
      configObjectFullPath: undefined,
      packageJsonFullPath: join(projectFolder, 'package.json'),
    });
    let problems = 0;
    const result = Extractor.invoke(config, {
      localBuild: update,
      messageCallback: (message) => {
        // A changed report is summed up below, with the command that fixes it; other warnings are problems.
        if (REPORT_NOTICES.has(message.messageId)) message.logLevel = ExtractorLogLevel.None;
        else if (message.logLevel === ExtractorLogLevel.Warning || message.logLevel === ExtractorLogLevel.Error)
          problems++;
        else message.logLevel = ExtractorLogLevel.None;
      },
    });
    const report = join(dir, 'api', reportFileName);
    if (problems > 0 || (!result.succeeded && !result.apiReportChanged)) {
      failures.push(`${manifest.name}${subpath.slice(1)}: api-extractor reported problems (above)`);
    } else if (result.apiReportChanged && !update) {
      failures.push(`${report} is out of date: the public surface changed`);
    } else if (result.apiReportChanged) {
      process.stdout.write(`updated ${report}\n`);
    }
  }
}
if (failures.length > 0) {
  process.stderr.write(
    `API reports:\n${failures.map((failure) => `  - ${failure}\n`).join('')}` +
      'If the change is intended, run `npm run api:update` and commit the reports with it.\n',
  );
  process.exit(1);
}
