import { formatToolSchemaManifest } from './format-tool-schema-manifest';

describe(formatToolSchemaManifest, () => {
  describe('when tools and keys arrive in any order', () => {
    it('should write the same text: header keys first, tools sorted, two-space indent, final newline', () => {
      const tool = {
        className: 'B',
        methodName: 'm',
        sourceFile: 'b.ts',
        parameters: [],
        inputSchema: {},
        returnsVoid: false,
      };
      const text = formatToolSchemaManifest({
        tools: { 'B.m': tool, 'A.m': { ...tool, className: 'A' } },
        sourceHash: 'abc',
        generator: 'g@1',
        version: 1,
      });
      expect(text.endsWith('}\n')).toBe(true);
      expect(
        text.startsWith(
          '{\n  "version": 1,\n  "generator": "g@1",\n  "sourceHash": "abc",\n  "tools": {\n    "A.m": {',
        ),
      ).toBe(true);
      expect(text.indexOf('"A.m"')).toBeLessThan(text.indexOf('"B.m"'));
    });
  });
});
