import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { exampleText, findExampleBlocks, findUnmarkedTypeScriptBlocks, markdownFiles } from './doc-examples';

const repoRoot = path.resolve(__dirname, '../..');
const files = markdownFiles(repoRoot);
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

describe('docs code samples', () => {
  it.each(files)('%s: every marked block should show its example file as it is', (file) => {
    const stale = findExampleBlocks(repoRoot, file, read(file))
      .filter((block) => block.shown !== exampleText(block.exampleFile, block.region))
      .map((block) => `${block.markdownFile}:${block.line} (${path.relative(repoRoot, block.exampleFile)})`);

    expect(stale).toEqual([]); // npm run docs:sync copies the examples into the blocks
  });

  it.each(files)('%s: every TypeScript block should be a marked, compiled example', (file) => {
    const unmarked = findUnmarkedTypeScriptBlocks(file, read(file)).map(
      (block) => `${block.markdownFile}:${block.line}`,
    );

    expect(unmarked).toEqual([]); // put the code in docs/examples/ and mark the block with <!-- example: … -->
  });

  it('should show every example file on some page', () => {
    const shown = new Set(
      files.flatMap((file) => findExampleBlocks(repoRoot, file, read(file))).map((b) => b.exampleFile),
    );
    const examples = path.join(repoRoot, 'docs/examples');
    const unshown = readdirSync(examples)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => path.join(examples, name))
      .filter((file) => !shown.has(file));

    expect(unshown.map((file) => path.relative(repoRoot, file))).toEqual([]);
  });
});
