import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  formatToolSchemaManifest,
  ToolSchemaManifestDocument,
  ToolSchemaManifestError,
  type ToolSchemaManifest,
  type ToolSchemaRegistry,
} from '@sprout-ai/core';
import {
  createLogger,
  readToolSchemaManifestFile,
  requireOptionalPeer,
  TOOL_SCHEMA_CACHE_DIR,
  toolSchemaManifestStaleness,
} from '@sprout-ai/core/internal';
import type { SproutProperties } from '../properties/sprout-properties';
import { DEFAULT_SCHEMA_DEV_MODE, SCHEMA_PROPERTY_KEYS } from './schema-properties';

const logger = createLogger('@sprout-ai/boot');

/** What start-up needs of `@sprout-ai/schema` (loaded only in dev mode, so it can stay a devDependency). */
interface SchemaGenerator {
  generateToolSchemaManifest(options: { project: string; manifestFile?: string }): ToolSchemaManifest;
}

/**
 * Loads the tool schema manifest into the registry at start-up, checking it against the sources:
 *
 * - **missing** file → fails with the `sprout-schema` command to run;
 * - **stale** → fails with that command. Stale means the declarations its schemas come from
 *   changed (a signature, decorator or TSDoc of a tool method, an argument type; not a method
 *   body) or a source was deleted, see core's `toolSchemaManifestStaleness`, which trusts the
 *   manifest when its sources are not there (a production image with only `dist/`);
 * - with `sprout.schema.dev-mode=true`, a missing or stale manifest is regenerated instead, once,
 *   into `node_modules/.cache/sprout-schema/` (reused while the sources stay the same), with a warning.
 *
 * @param registry - where the manifest goes
 * @param manifest - the manifest path, or a manifest object (registered without checks)
 * @param properties - for `sprout.schema.dev-mode` and `sprout.schema.project`
 * @throws ToolSchemaManifestError naming the file and the command when the manifest is missing or stale (not in dev mode), or invalid
 * @throws MissingPeerDependencyError in dev mode, when the manifest must be regenerated and @sprout-ai/schema is not installed
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
    throw new ToolSchemaManifestError(
      `Tool schema manifest ${file} was not found. Generate it with \`${command(configured(), file)}\` ` +
        `(npm run build runs it), or set ${SCHEMA_PROPERTY_KEYS.devMode}=true to generate it at start-up during development.`,
      { manifest: file },
    );
  }
  const stale = toolSchemaManifestStaleness(loaded, file);
  if (stale === undefined) {
    registry.register(loaded, file);
    return;
  }
  const project = projectOf(loaded, file) ?? configured();
  if (!devMode()) {
    throw new ToolSchemaManifestError(
      `Tool schema manifest ${file} is stale: ${stale}. Regenerate it with \`${command(project, file)}\` ` +
        `(npm run build runs it), or set ${SCHEMA_PROPERTY_KEYS.devMode}=true to regenerate it at start-up during development.`,
      { manifest: file },
    );
  }
  registry.register(regenerate(file, project, stale), file);
}

/**
 * The manifest in the file (its tool lines read at the first request), or `undefined` when there is
 * no such file. @throws the read error for any other failure, ToolSchemaManifestError when it is not a manifest
 */
function readManifest(file: string): ToolSchemaManifestDocument | undefined {
  try {
    return readToolSchemaManifestFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
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
    TOOL_SCHEMA_CACHE_DIR,
    `${createHash('sha256').update(file).digest('hex').slice(0, 16)}-${path.basename(file)}`,
  );
  if (existsSync(cacheFile)) {
    const cached = readToolSchemaManifestFile(cacheFile);
    if (cached.sourceHash !== undefined && toolSchemaManifestStaleness(cached, cacheFile) === undefined) {
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

/** `@sprout-ai/schema`, an optional peer dependency needed in dev mode only (a devDependency of the app). */
function loadSchemaGenerator(): SchemaGenerator {
  return requireOptionalPeer<SchemaGenerator>(
    require,
    '@sprout-ai/schema',
    `${SCHEMA_PROPERTY_KEYS.devMode}=true (regenerating the tool schema manifest)`,
    'npm install --save-dev @sprout-ai/schema',
  );
}
