import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VerifiedSourcesCache } from './verified-sources-cache';

const LATER_MS = 60_000;

describe(VerifiedSourcesCache, () => {
  let dir: string;
  let cacheDir: string;
  const sources = ['src/a.ts', 'src/b.ts'];
  const statsOf = () => sources.map((source) => statSync(path.join(dir, source)));
  /** A cache whose clock is a minute ahead, so files written by the test are outside the 2 s window. */
  const cacheFor = (manifestFile = path.join(dir, 'dist', 'tool-schemas.json'), offset = LATER_MS) =>
    new VerifiedSourcesCache(cacheDir, manifestFile, () => Date.now() + offset);

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sprout-verified-'));
    cacheDir = path.join(dir, 'cache');
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src', 'a.ts'), 'export const a = 1;\n');
    writeFileSync(path.join(dir, 'src', 'b.ts'), 'export const b = 2;\n');
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('should match after the sources were recorded unchanged', () => {
    cacheFor().record('hash-1', sources, statsOf());
    expect(cacheFor().matches('hash-1', sources, statsOf())).toBe(true);
  });

  it('should not match before anything was recorded', () => {
    expect(cacheFor().matches('hash-1', sources, statsOf())).toBe(false);
  });

  it('should not match another source hash (the manifest was regenerated)', () => {
    cacheFor().record('hash-1', sources, statsOf());
    expect(cacheFor().matches('hash-2', sources, statsOf())).toBe(false);
  });

  it('should not match another manifest', () => {
    cacheFor().record('hash-1', sources, statsOf());
    expect(cacheFor(path.join(dir, 'other', 'tool-schemas.json')).matches('hash-1', sources, statsOf())).toBe(false);
  });

  it('should not match another list of sources', () => {
    cacheFor().record('hash-1', sources, statsOf());
    expect(cacheFor().matches('hash-1', sources.slice(0, 1), statsOf().slice(0, 1))).toBe(false);
  });

  it('should not match when a source changed to the same size with its old modification time put back', () => {
    const file = path.join(dir, 'src', 'a.ts');
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    utimesSync(file, anHourAgo, anHourAgo);
    const before = statSync(file);
    cacheFor().record('hash-1', sources, statsOf());
    writeFileSync(file, 'export const a = 9;\n');
    utimesSync(file, anHourAgo, anHourAgo); // as `touch -d` or `cp -p` would
    const after = statSync(file);
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
    expect(cacheFor().matches('hash-1', sources, statsOf())).toBe(false);
  });

  it('should record nothing while a source changed within the last 2 s', () => {
    cacheFor(undefined, 0).record('hash-1', sources, statsOf());
    expect(cacheFor().matches('hash-1', sources, statsOf())).toBe(false);
  });

  it('should ignore a cache folder it cannot write', () => {
    writeFileSync(cacheDir, 'not a folder');
    expect(() => cacheFor().record('hash-1', sources, statsOf())).not.toThrow();
    expect(cacheFor().matches('hash-1', sources, statsOf())).toBe(false);
  });

  it('should ignore a corrupt cache file', () => {
    cacheFor().record('hash-1', sources, statsOf());
    const [file] = readdirSync(cacheDir);
    writeFileSync(path.join(cacheDir, file), '{"manifestFile":');
    expect(cacheFor().matches('hash-1', sources, statsOf())).toBe(false);
  });
});
