// npm run docs:sync — copies every example file (or region) into the Markdown blocks that show it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exampleText, findExampleBlocks, markdownFiles } from './doc-examples';

const repoRoot = path.resolve(__dirname, '../..');
for (const file of markdownFiles(repoRoot)) {
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  let synced = text;
  for (const block of findExampleBlocks(repoRoot, file, text).reverse()) {
    synced = synced.slice(0, block.start) + exampleText(block.exampleFile, block.region) + synced.slice(block.end);
  }
  if (synced !== text) {
    writeFileSync(path.join(repoRoot, file), synced);
    console.log(`synced ${file}`);
  }
}
