import { errorOf } from '@sprout-ai/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agentThinkingSchema } from '../augment/__fixtures__/agent-thinking';
import { readToolSchemaManifestFile } from './read-tool-schema-manifest-file';
import type { ToolSchemaManifest } from './tool-schema-manifest';
import { ToolSchemaManifestDocument } from './tool-schema-manifest-document';
import { ToolSchemaManifestError } from './tool-schema-manifest-error';
import { formatToolSchemaManifest } from './tool-schema-manifest-layout';
import { ToolSchemaRegistry } from './tool-schema-registry';

// The augmentation argument types a manifest carries beside its tools (see AugmentedToolCallbackProvider).
const ping = {
  className: 'PingTools',
  methodName: 'ping',
  sourceFile: 'src/ping-tools.ts',
  parameters: [],
  inputSchema: { type: 'object', properties: {}, required: [] },
  returnsVoid: false,
};
const manifest: ToolSchemaManifest = {
  version: 1,
  generator: 'test@1',
  sources: ['src/agent-thinking.ts', 'src/ping-tools.ts'],
  argumentTypes: { AgentThinking: agentThinkingSchema },
  tools: { 'PingTools.ping': ping },
};

describe('argument types in the tool schema manifest', () => {
  describe(formatToolSchemaManifest, () => {
    it('should write them on one header line before toolKeys, sorted by class name', () => {
      const text = formatToolSchemaManifest({
        ...manifest,
        argumentTypes: { Zeta: { ...agentThinkingSchema, className: 'Zeta' }, AgentThinking: agentThinkingSchema },
      });

      const lines = text.split('\n');
      const at = lines.findIndex((line) => line.startsWith('  "argumentTypes": '));
      expect(lines[at + 1]).toMatch(/^ {2}"toolKeys": /);
      expect(Object.keys((JSON.parse(text) as ToolSchemaManifest).argumentTypes ?? {})).toEqual([
        'AgentThinking',
        'Zeta',
      ]);
    });

    it('should write no argumentTypes line for a project without any', () => {
      expect(formatToolSchemaManifest({ ...manifest, argumentTypes: {} })).not.toContain('argumentTypes');
    });
  });

  describe(ToolSchemaManifestDocument, () => {
    it('should give an argument type of the file form and of a manifest object as it was generated', () => {
      for (const document of [
        ToolSchemaManifestDocument.parse(formatToolSchemaManifest(manifest), 'dist/tool-schemas.json'),
        ToolSchemaManifestDocument.from(manifest),
      ]) {
        expect(document.argumentType('AgentThinking')).toEqual(agentThinkingSchema);
        expect(document.argumentType('PingTools')).toBeUndefined();
        expect(document.argumentType('toString')).toBeUndefined();
      }
    });

    it('should read them from the header alone, before any tool line', () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'sprout-argument-types-'));
      try {
        const file = path.join(dir, 'tool-schemas.json');
        // Long enough that start-up reads only its head first.
        writeFileSync(
          file,
          formatToolSchemaManifest({
            ...manifest,
            tools: Object.fromEntries(
              Array.from({ length: 400 }, (_, i) => [`PingTools.ping${i}`, { ...ping, methodName: `ping${i}` }]),
            ),
          }),
        );

        expect(readToolSchemaManifestFile(file).argumentType('AgentThinking')).toEqual(agentThinkingSchema);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('should name the class and the file when an entry has no inputSchema object', () => {
      const broken = ToolSchemaManifestDocument.from(
        { ...manifest, argumentTypes: { AgentThinking: { ...agentThinkingSchema, inputSchema: '{}' as never } } },
        'dist/tool-schemas.json',
      );

      expect(errorOf(() => broken.argumentType('AgentThinking'), ToolSchemaManifestError).message).toBe(
        'Tool schema manifest dist/tool-schemas.json: the argument type entry of AgentThinking has no inputSchema object. Run `npm run build` (or `npx sprout-schema`) to regenerate it.',
      );
    });
  });

  describe(ToolSchemaRegistry, () => {
    it('should answer from the newest manifest that has the class, and undefined when none has', () => {
      const newer = { ...agentThinkingSchema, sourceFile: 'src/newer.ts' };
      const registry = new ToolSchemaRegistry()
        .register(manifest)
        .register({ ...manifest, argumentTypes: { AgentThinking: newer } })
        .register({ ...manifest, argumentTypes: undefined });

      expect(registry.getArgumentType('AgentThinking')).toBe(newer);
      expect(registry.getArgumentType('Other')).toBeUndefined();
    });
  });
});
