import { mkdirSync, readFileSync, renameSync, type Stats, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A file's identity as the cache records it: size (bytes), inode, and modification and change
 * times (ms since the epoch). `ctimeMs` cannot be set by tools such as `touch -d` or `cp -p`, so a
 * replaced file with an old mtime still misses.
 */
type FileStamp = readonly [size: number, ino: number, mtimeMs: number, ctimeMs: number];

/** What one cache file holds for one manifest. */
interface VerifiedSources {
  /** Absolute path of the manifest (the cache file's name is only a hash of it). */
  readonly manifestFile: string;
  /** The manifest's `sourceHash` the files were hashed to. */
  readonly sourceHash: string;
  /** Stamp of each source (path relative to the tsconfig directory). */
  readonly files: Readonly<Record<string, FileStamp>>;
}

/**
 * A stamp changed less than this long before it was recorded is not trusted: a file written twice
 * within the file system's timestamp granularity (up to 2 s on FAT) would keep the same stamp.
 * Git's index calls these "racily clean" entries.
 */
const RACY_WINDOW_MS = 2_000;

/**
 * Remembers, per manifest, the stamps (size, inode, mtime, ctime) of the tool sources the last
 * time their hash was found equal to the manifest's `sourceHash`, so the staleness check at the
 * next start-up stats the files instead of reading and hashing them. Any difference in a stamp
 * (or in the manifest's hash) means a full hash again. Kept under `node_modules/.cache/sprout-schema/`
 * of the working directory, next to the dev-mode manifests; a cache that cannot be read or written
 * is ignored.
 *
 * @remarks The same idea as git's index: trust content unchanged when the stat data is unchanged,
 * and re-read files changed too close to the moment they were recorded.
 */
export class VerifiedSourcesCache {
  private readonly file: string;
  private readonly manifestFile: string;

  /**
   * @param cacheDir - the cache folder (absolute or relative to the working directory)
   * @param manifestFile - absolute path of the manifest the sources belong to
   * @param now - the clock (ms since the epoch), for the 2 s window
   */
  constructor(
    cacheDir: string,
    manifestFile: string,
    private readonly now: () => number = Date.now,
  ) {
    // Not node:crypto: its first hash costs milliseconds at start-up, and a clash is only a miss.
    this.file = path.resolve(cacheDir, `${fnv1a(manifestFile)}-verified-sources.json`);
    this.manifestFile = manifestFile;
  }

  /**
   * True when the sources were hashed to `sourceHash` before and none of them changed since.
   *
   * @param sourceHash - the manifest's `sourceHash`
   * @param sources - the sources' paths, as keyed in {@link record}
   * @param stats - their current stats, in the same order
   */
  matches(sourceHash: string, sources: readonly string[], stats: readonly Stats[]): boolean {
    let cached: VerifiedSources;
    try {
      cached = JSON.parse(readFileSync(this.file, 'utf8')) as VerifiedSources;
    } catch {
      return false;
    }
    if (cached?.manifestFile !== this.manifestFile || cached.sourceHash !== sourceHash) return false;
    if (typeof cached.files !== 'object' || cached.files === null) return false;
    if (Object.keys(cached.files).length !== sources.length) return false;
    for (let i = 0; i < sources.length; i++) if (!sameStamp(cached.files[sources[i]], stats[i])) return false;
    return true;
  }

  /**
   * Records the sources' stamps after their hash was found equal to `sourceHash`; records nothing
   * when a file changed within the last 2 s (so they are all hashed again next time). Failures to
   * write are ignored.
   *
   * @param sourceHash - the manifest's `sourceHash`
   * @param sources - the sources' paths
   * @param stats - their stats, taken before they were read for hashing
   */
  record(sourceHash: string, sources: readonly string[], stats: readonly Stats[]): void {
    const trustedBefore = this.now() - RACY_WINDOW_MS;
    if (stats.some((stat) => stat.ctimeMs >= trustedBefore || stat.mtimeMs >= trustedBefore)) return;
    const files: Record<string, FileStamp> = {};
    sources.forEach((source, i) => {
      files[source] = stampOf(stats[i]);
    });
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      // Written aside and renamed, so a concurrent start-up never reads half a file.
      const partial = `${this.file}.${process.pid}.tmp`;
      writeFileSync(
        partial,
        JSON.stringify({ manifestFile: this.manifestFile, sourceHash, files } satisfies VerifiedSources),
      );
      renameSync(partial, this.file);
    } catch {
      // A read-only working directory only costs the hash at each start-up.
    }
  }
}

/** 32-bit FNV-1a of the text, as 8 hex digits. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function stampOf(stat: Stats): FileStamp {
  return [stat.size, stat.ino, stat.mtimeMs, stat.ctimeMs];
}

function sameStamp(recorded: FileStamp | undefined, stat: Stats): boolean {
  return (
    Array.isArray(recorded) &&
    recorded[0] === stat.size &&
    recorded[1] === stat.ino &&
    recorded[2] === stat.mtimeMs &&
    recorded[3] === stat.ctimeMs
  );
}
