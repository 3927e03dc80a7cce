import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { manifestFileText } from './__fixtures__/manifest-file-layout';
import { readToolSchemaManifestFile } from './read-tool-schema-manifest-file';
import { ToolSchemaManifestDocument } from './tool-schema-manifest-document';
import { formatToolSchemaManifest } from './tool-schema-manifest-layout';
import { ToolSchemaRegistry } from './tool-schema-registry';

const tool = {
  className: 'B',
  methodName: 'm',
  sourceFile: 'b.ts',
  parameters: [{ name: 'id', index: 0, kind: 'argument' as const, optional: false }],
  inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  returnsVoid: false,
};

describe(formatToolSchemaManifest, () => {
  describe('when tools and keys arrive in any order', () => {
    it('should write the same text: header keys first, one sorted tool per line, schemas as JSON text, final newline', () => {
      const text = formatToolSchemaManifest({
        tools: { 'B.m': tool, 'A.m': { ...tool, className: 'A' } },
        sourceHash: 'abc',
        generator: 'g@1',
        version: 1,
      });
      const schemaText = JSON.stringify(JSON.stringify(tool.inputSchema));
      expect(text).toBe(
        '{\n  "version": 2,\n  "generator": "g@1",\n  "sourceHash": "abc",\n  "sources": ["b.ts"],\n  "toolKeys": ["A.m","B.m"],\n' +
          '  "tools": {\n' +
          `    "A.m": {"className":"A","methodName":"m","sourceFile":"b.ts","parameters":[{"name":"id","index":0,"kind":"argument","optional":false}],"inputSchema":${schemaText},"returnsVoid":false},\n` +
          `    "B.m": {"className":"B","methodName":"m","sourceFile":"b.ts","parameters":[{"name":"id","index":0,"kind":"argument","optional":false}],"inputSchema":${schemaText},"returnsVoid":false}\n` +
          '  }\n}\n',
      );
    });
  });

  describe('when the manifest has no tools', () => {
    it('should write an empty tools object that reads back', () => {
      const text = formatToolSchemaManifest({ version: 1, generator: 'g@1', tools: {} });
      expect(JSON.parse(text)).toEqual({ version: 2, generator: 'g@1', sources: [], toolKeys: [], tools: {} });
    });
  });

  describe('when the text is read back by the registry', () => {
    it('should give every entry with its schema object', () => {
      const registry = new ToolSchemaRegistry().register(
        JSON.parse(formatToolSchemaManifest({ version: 1, generator: 'g@1', tools: { 'B.m': tool } })),
      );
      const entry = registry.get('B', 'm');
      expect(entry?.inputSchema).toEqual(tool.inputSchema);
      expect(JSON.parse(JSON.stringify(entry))).toEqual(tool);
    });
  });

  describe('when the text is written to a file', () => {
    it('should be read back from its header and tool lines, as the test fixture writes them', () => {
      const manifest = {
        version: 1 as const,
        generator: 'g@1',
        sourceHash: 'abc',
        project: '../tsconfig.json',
        tools: { 'A.m': { ...tool, className: 'A' }, 'B.m': tool },
      };
      const text = formatToolSchemaManifest(manifest);
      expect(manifestFileText(manifest, { toolKeys: ['A.m', 'B.m'] })).toBe(text);
      const dir = mkdtempSync(path.join(os.tmpdir(), 'sprout-manifest-layout-'));
      try {
        const file = path.join(dir, 'tool-schemas.json');
        writeFileSync(file, text);
        const document = readToolSchemaManifestFile(file);
        expect(document).toMatchObject({ version: 2, sourceHash: 'abc', project: '../tsconfig.json' });
        expect(document.keys()).toEqual(['A.m', 'B.m']);
        expect(JSON.parse(JSON.stringify(document.get('B.m')))).toEqual(tool);
        expect(JSON.parse(JSON.stringify(ToolSchemaManifestDocument.parse(text, file).get('A.m')))).toEqual({
          ...tool,
          className: 'A',
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
