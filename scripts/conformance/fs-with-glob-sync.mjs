// node:fs plus a `globSync` that says it needs Node 22 (see node20-fs-glob-sync.mjs).
import fs from 'node:fs';

export * from 'node:fs';
export default fs;
export function globSync() {
  throw new Error('fs.globSync needs Node 22 or later');
}
