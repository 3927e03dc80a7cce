import { type Stats, statSync } from 'node:fs';
import path from 'node:path';
import type { ToolSchemaManifestDocument } from './tool-schema-manifest-document';
import { loadTypeScript, toolSchemaSourcesHash } from './tool-schema-sources-hash';
import { VerifiedSourcesCache } from './verified-sources-cache';

/** Where Sprout keeps what it caches about tool schemas, under the working directory. */
export const TOOL_SCHEMA_CACHE_DIR = path.join('node_modules', '.cache', 'sprout-schema');

/**
 * Why a manifest no longer matches its sources, or `undefined` when it matches or cannot be
 * checked. Checked when the manifest records its tsconfig (`project`) and `sourceHash` and its
 * sources exist next to it (relative to that tsconfig); then it is stale when a source is gone or
 * their {@link toolSchemaSourcesHash} differs, which editing a method body does not change.
 *
 * Not checked (the manifest is trusted): when none of its sources exist (a production image with
 * only `dist/`), or TypeScript cannot be loaded (an install without devDependencies, which could
 * not have compiled the sources either). Sources whose size, inode and times are those recorded
 * when they last matched are not read again (see {@link VerifiedSourcesCache}), so TypeScript is
 * loaded only at the first start-up after they change.
 *
 * @param manifest - the manifest
 * @param file - its path (its `project` is relative to the file's directory)
 * @returns e.g. `its source files changed since it was generated`
 */
export function toolSchemaManifestStaleness(manifest: ToolSchemaManifestDocument, file: string): string | undefined {
  if (manifest.project === undefined || manifest.sourceHash === undefined) return undefined;
  const root = path.dirname(path.resolve(path.dirname(file), manifest.project));
  const sources = manifest.sourceFiles();
  // Sources are relative paths with `/` (as sprout-schema writes them); fs takes them joined as is.
  const stats = sources.map((source) => statSync(`${root}${path.sep}${source}`, { throwIfNoEntry: false }));
  const present = stats.filter((stat): stat is Stats => stat !== undefined);
  if (present.length === 0) return undefined;
  if (present.length < sources.length) {
    const gone = sources.filter((_source, i) => stats[i] === undefined);
    return `its source files ${gone.join(', ')} no longer exist`;
  }
  const cache = new VerifiedSourcesCache(TOOL_SCHEMA_CACHE_DIR, path.resolve(file));
  if (cache.matches(manifest.sourceHash, sources, present)) return undefined;
  if (loadTypeScript(root) === undefined) return undefined;
  if (toolSchemaSourcesHash(root, sources) !== manifest.sourceHash) {
    return 'the declarations its schemas come from changed since it was generated';
  }
  cache.record(manifest.sourceHash, sources, present);
  return undefined;
}
