import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { GENERATOR_NAME } from './generator-name';
import type { ToolSchemaProject } from './tool-schema-project';
import { toolSchemaSourcesHash } from '@sprout-ai/core/internal';

/**
 * The manifest's `inputHash`: sha256 (hex) over everything generation reads, so `sprout-schema`
 * can skip a project whose inputs did not change: the generator (the code of `@sprout-ai/schema`
 * and `@sprout-ai/core`, the TypeScript and typescript-json-schema versions), the compiler
 * options, where the manifest is relative to the tsconfig, the scanned files and the files outside
 * them that declared argument types last time (`typeFiles`), each by its declarations (see core's
 * `toolSchemaSourcesHash`: a method body edit keeps the hash).
 *
 * @param project - the tsconfig as read for generation
 * @param typeFiles - the manifest's `typeFiles`, relative to the tsconfig directory
 * @param manifestProject - the manifest's `project` (the tsconfig relative to the manifest), if any
 * @returns the hash, 64 hex digits
 * @throws the file system's error when one of the files cannot be read
 */
export function toolSchemaInputHash(
  project: ToolSchemaProject,
  typeFiles: readonly string[],
  manifestProject: string | undefined,
): string {
  const relative = (file: string) => path.relative(project.configDir, file).split(path.sep).join('/');
  // Absolute paths in the options (outDir, the tsconfig's own path) are made relative, so the hash
  // is the same in every checkout.
  const options = JSON.stringify(project.compilerOptions, (_key, value: unknown) =>
    typeof value === 'string' && path.isAbsolute(value) ? relative(value) : value,
  );
  const files = [...project.scanned.map(relative), ...typeFiles];
  return createHash('sha256')
    .update(`${generatorFingerprint()}\0${options}\0${manifestProject ?? ''}\0${files.join('\0')}\0`)
    .update(toolSchemaSourcesHash(project.configDir, files))
    .digest('hex');
}

let fingerprint: string | undefined;

/** A hash of the generator's code: its compiled files and core's, and the versions of its libraries. */
function generatorFingerprint(): string {
  if (fingerprint !== undefined) return fingerprint;
  const hash = createHash('sha256').update(`${GENERATOR_NAME}\0${ts.version}\0${tjsVersion()}\0`);
  for (const dir of [__dirname, path.dirname(require.resolve('@sprout-ai/core'))]) {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.[cm]?[jt]s$/.test(file) && !/\.d\.[cm]?ts$/.test(file))
      .sort();
    for (const file of files)
      hash
        .update(`${file}\0`)
        .update(readFileSync(path.join(dir, file)))
        .update('\0');
  }
  fingerprint = hash.digest('hex');
  return fingerprint;
}

function tjsVersion(): string {
  return (
    JSON.parse(readFileSync(require.resolve('typescript-json-schema/package.json'), 'utf8')) as { version: string }
  ).version;
}
