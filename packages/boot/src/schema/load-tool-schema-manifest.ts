import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, type Stats, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  createLogger,
  formatToolSchemaManifest,
  SproutError,
  ToolSchemaManifestDocument,
  readToolSchemaManifestFile,
  type ToolSchemaManifest,
  type ToolSchemaRegistry,
} from '@sprout-ai/core';
import type { SproutProperties } from '../properties/sprout-properties';
import { DEFAULT_SCHEMA_DEV_MODE, SCHEMA_PROPERTY_KEYS } from './schema-properties';
import { VerifiedSourcesCache } from './verified-sources-cache';

const logger = createLogger('@sprout-ai/boot');

/** Where dev mode keeps regenerated manifests, under the working directory. */
export const SCHEMA_CACHE_DIR = path.join('node_modules', '.cache', 'sprout-schema');

/** What start-up needs of `@sprout-ai/schema` (loaded only in dev mode, so it can stay a devDependency). */
interface SchemaGenerator {
  generateToolSchemaManifest(options: { project: string; manifestFile?: string }): ToolSchemaManifest;
}

/**
 * Loads the tool schema manifest into the registry at start-up, checking it against the sources:
 *
 * - **missing** file → fails with the `sprout-schema` command to run;
 * - **stale** → fails with that command. Stale means the manifest records its tsconfig (`project`)
 *   and `sourceHash`, the tool source files it lists exist next to it (relative to that tsconfig),
 *   and their hash differs (or some were deleted). When none of the listed sources exist (a
 *   production image with only `dist/`), the check is skipped: the manifest is trusted. Sources
 *   whose size, inode and times are those recorded when they last hashed equal are not read again
 *   (see {@link VerifiedSourcesCache});
 * - with `sprout.schema.dev-mode=true`, a missing or stale manifest is regenerated instead, once,
 *   into `node_modules/.cache/sprout-schema/` (reused while the sources stay the same), with a warning.
 *
 * @param registry - where the manifest goes
 * @param manifest - the manifest path, or a manifest object (registered without checks)
 * @param properties - for `sprout.schema.dev-mode` and `sprout.schema.project`
 * @throws SproutError naming the file and the command when the manifest is missing or stale (not in dev mode), or invalid
 */
export function loadToolSchemaManifest(
  registry: ToolSchemaRegistry,
  manifest: string | ToolSchemaManifest | undefined,
  properties: SproutProperties,
): void {
  if (manifest === undefined) return;
  if (typeof manifest !== 'string') {
    registry.register(manifest);
    return;
  }
  const file = path.resolve(manifest);
  // The properties are read only when the manifest is missing or stale: start-up normally needs neither.
  const devMode = (): boolean => properties.getBoolean(SCHEMA_PROPERTY_KEYS.devMode, DEFAULT_SCHEMA_DEV_MODE);
  const configured = (): string => path.resolve(properties.getString(SCHEMA_PROPERTY_KEYS.project, 'tsconfig.json'));
  const loaded = readManifest(file);
  if (loaded === undefined) {
    if (devMode()) {
      registry.register(regenerate(file, configured(), 'it was not found'), file);
      return;
    }
    throw new SproutError(
      `Tool schema manifest ${file} was not found. Generate it with \`${command(configured(), file)}\` ` +
        `(npm run build runs it), or set ${SCHEMA_PROPERTY_KEYS.devMode}=true to generate it at start-up during development.`,
    );
  }
  const stale = staleness(loaded, file);
  if (stale === undefined) {
    registry.register(loaded, file);
    return;
  }
  const project = projectOf(loaded, file) ?? configured();
  if (!devMode()) {
    throw new SproutError(
      `Tool schema manifest ${file} is stale: ${stale}. Regenerate it with \`${command(project, file)}\` ` +
        `(npm run build runs it), or set ${SCHEMA_PROPERTY_KEYS.devMode}=true to regenerate it at start-up during development.`,
    );
  }
  registry.register(regenerate(file, project, stale), file);
}

/**
 * The manifest in the file (its tool lines read at the first request), or `undefined` when there is
 * no such file. @throws the read error for any other failure, SproutError when it is not a manifest
 */
function readManifest(file: string): ToolSchemaManifestDocument | undefined {
  try {
    return readToolSchemaManifestFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Why the manifest no longer matches its sources, or `undefined` when it matches or cannot be
 * checked (no `project`/`sourceHash`, or none of its source files exist).
 *
 * @param manifest - the manifest
 * @param file - its path (its `project` is relative to the file's directory)
 */
export function staleness(manifest: ToolSchemaManifestDocument, file: string): string | undefined {
  const project = projectOf(manifest, file);
  if (project === undefined || manifest.sourceHash === undefined) return undefined;
  // Sources are relative paths with `/` (as sprout-schema writes them); fs takes them joined as is.
  const root = `${path.dirname(project)}${path.sep}`;
  const sources = manifest.sourceFiles();
  const stats = sources.map((source) => statSync(root + source, { throwIfNoEntry: false }));
  const present = stats.filter((stat): stat is Stats => stat !== undefined);
  if (present.length === 0) return undefined;
  if (present.length < sources.length) {
    const gone = sources.filter((_source, i) => stats[i] === undefined);
    return `its source files ${gone.join(', ')} no longer exist`;
  }
  const cache = new VerifiedSourcesCache(SCHEMA_CACHE_DIR, file);
  if (cache.matches(manifest.sourceHash, sources, present)) return undefined;
  const hash = createHash('sha256');
  for (const source of sources) {
    hash.update(`${source}\0`);
    hash.update(readFileSync(root + source));
    hash.update('\0');
  }
  if (hash.digest('hex') !== manifest.sourceHash) return 'its source files changed since it was generated';
  cache.record(manifest.sourceHash, sources, present);
  return undefined;
}

function projectOf(manifest: { readonly project?: string }, file: string): string | undefined {
  return manifest.project === undefined ? undefined : path.resolve(path.dirname(file), manifest.project);
}

function command(project: string, file: string): string {
  return `npx sprout-schema --project ${path.relative(process.cwd(), project) || project} --out ${path.relative(process.cwd(), file) || file}`;
}

/** Regenerates into the cache (or reuses a cached manifest that still matches the sources). */
function regenerate(file: string, project: string, why: string): ToolSchemaManifest | ToolSchemaManifestDocument {
  const cacheFile = path.resolve(
    SCHEMA_CACHE_DIR,
    `${createHash('sha256').update(file).digest('hex').slice(0, 16)}-${path.basename(file)}`,
  );
  if (existsSync(cacheFile)) {
    const cached = readToolSchemaManifestFile(cacheFile);
    if (cached.sourceHash !== undefined && staleness(cached, cacheFile) === undefined) {
      logger.warn(
        { manifest: file, cache: cacheFile },
        `Using the dev-mode tool schema manifest ${cacheFile} (${why})`,
      );
      return cached;
    }
  }
  const started = Date.now();
  const generator = loadSchemaGenerator();
  const manifest = generator.generateToolSchemaManifest({ project, manifestFile: cacheFile });
  mkdirSync(path.dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, formatToolSchemaManifest(manifest));
  logger.warn(
    { manifest: file, cache: cacheFile, ms: Date.now() - started },
    `Tool schema manifest ${file} regenerated into ${cacheFile} (dev mode: ${why}); run npm run build before shipping`,
  );
  return manifest;
}

function loadSchemaGenerator(): SchemaGenerator {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- optional, dev-mode-only dependency
    return require('@sprout-ai/schema') as SchemaGenerator;
  } catch (error) {
    throw new SproutError(
      `${SCHEMA_PROPERTY_KEYS.devMode}=true needs @sprout-ai/schema to regenerate the tool schema manifest; install it as a devDependency.`,
      { cause: error },
    );
  }
}
