import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { markdownFiles } from './doc-examples';

const repoRoot = path.resolve(__dirname, '../..');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to `-`. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => slug(heading)));
}

describe('links between the docs', () => {
  it.each(markdownFiles(repoRoot))('%s: every relative link should reach a file, and its heading', (file) => {
    const text = readFileSync(path.join(repoRoot, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
      const [pathPart, anchor] = target.split('#');
      const resolved =
        pathPart === '' ? path.join(repoRoot, file) : path.resolve(repoRoot, path.dirname(file), pathPart);
      if (!existsSync(resolved)) broken.push(`${target} (no such file)`);
      else if (anchor !== undefined && statSync(resolved).isFile() && !anchorsOf(resolved).has(anchor)) {
        broken.push(`${target} (no such heading)`);
      }
    }

    expect(broken).toEqual([]);
  });
});
