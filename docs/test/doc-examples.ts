import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A fenced code block in a Markdown file that shows an example file, or one `// #region <name>` of
 * it. It is marked by an HTML comment on the line before the fence, the path relative to the
 * Markdown file:
 *
 * ````md
 * <!-- example: examples/first-tool.ts -->
 * ```ts
 * …the file's text…
 * ```
 * ````
 */
export interface ExampleBlock {
  /** The Markdown file, relative to the repository root. */
  readonly markdownFile: string;
  /** 1-based line of the marker. */
  readonly line: number;
  /** The example file, absolute. */
  readonly exampleFile: string;
  /** The region shown, or `undefined` for the whole file. */
  readonly region: string | undefined;
  /** The block's text as it is in the Markdown file (without the fences). */
  readonly shown: string;
  /** Offsets of `shown` in the Markdown text, to replace it. */
  readonly start: number;
  readonly end: number;
}

/** A fenced TypeScript block without a marker: a sample the test suite would not compile. */
export interface UnmarkedBlock {
  readonly markdownFile: string;
  readonly line: number;
}

const MARKER = /^<!-- example: ([^\s#]+)(?:#([\w-]+))? -->\n```[\w-]*\n/gm;
const TS_FENCE = /^```(?:ts|typescript|tsx)\n/gm;
const REGION_LINE = /^\s*\/\/ #(?:end)?region\b.*\n/gm;

/** The Markdown files whose samples are checked: the README, docs/ and every package's and app's README. */
export function markdownFiles(repoRoot: string): string[] {
  const inDir = (dir: string) =>
    readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
      .map((entry) => path.join(dir, entry.name));
  const readmes = (dir: string) =>
    readdirSync(path.join(repoRoot, dir))
      .map((name) => path.join(dir, name, 'README.md'))
      .filter((file) => existsSync(path.join(repoRoot, file)));
  return ['README.md', ...inDir('docs'), ...readmes('packages'), ...readmes('apps')];
}

/**
 * The marked blocks of one Markdown file.
 *
 * @throws Error naming the file and line when a marker is not followed by a closed fence
 */
export function findExampleBlocks(repoRoot: string, markdownFile: string, text: string): ExampleBlock[] {
  const blocks: ExampleBlock[] = [];
  for (const match of text.matchAll(MARKER)) {
    const start = match.index + match[0].length;
    const close = text.indexOf('\n```', start - 1);
    const line = lineOf(text, match.index);
    if (close < 0) throw new Error(`${markdownFile}:${line}: the example block is not closed`);
    blocks.push({
      markdownFile,
      line,
      exampleFile: path.resolve(repoRoot, path.dirname(markdownFile), match[1]),
      region: match[2],
      shown: text.slice(start, close + 1),
      start,
      end: close + 1,
    });
  }
  return blocks;
}

/** TypeScript blocks that no marker precedes. */
export function findUnmarkedTypeScriptBlocks(markdownFile: string, text: string): UnmarkedBlock[] {
  const marked = new Set([...text.matchAll(MARKER)].map((match) => match.index + match[0].indexOf('```')));
  return [...text.matchAll(TS_FENCE)]
    .filter((match) => !marked.has(match.index))
    .map((match) => ({ markdownFile, line: lineOf(text, match.index) }));
}

/**
 * What a block must show: the whole example file without its region lines, or one region, its
 * common indentation removed.
 *
 * @throws Error when the region does not exist
 */
export function exampleText(exampleFile: string, region: string | undefined): string {
  const text = readFileSync(exampleFile, 'utf8');
  if (region === undefined) return text.replace(REGION_LINE, '');
  const begin = new RegExp(`^\\s*// #region ${region}\\n`, 'm').exec(text);
  const end = new RegExp(`^\\s*// #endregion ${region}\\n`, 'm').exec(text);
  if (begin === null || end === null || end.index < begin.index) {
    throw new Error(`${exampleFile} has no region '${region}' (// #region ${region} … // #endregion ${region})`);
  }
  const lines = text
    .slice(begin.index + begin[0].length, end.index)
    .replace(REGION_LINE, '')
    .split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length));
  return lines.map((l) => l.slice(indent)).join('\n');
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}
