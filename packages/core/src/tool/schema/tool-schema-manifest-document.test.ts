import { errorOf } from '@sprout-ai/test';
import { ToolSchemaManifestError } from './tool-schema-manifest-error';
import { ToolSchemaManifestDocument } from './tool-schema-manifest-document';
import { methodToolDefinition } from '../method/method-tool-definition';
import { serializeToolSchemaManifest, type ToolMethodSchema, type ToolSchemaManifest } from './tool-schema-manifest';
import { manifestFileText, manifestToolLines } from './__fixtures__/manifest-file-layout';

const statusEntry = {
  className: 'OrderTools',
  methodName: 'getOrderStatus',
  sourceFile: 'src/order-tools.ts',
  description: 'Status of one order, "quoted" and\nmulti-line',
  parameters: [{ name: 'orderId', index: 0, kind: 'argument' as const, optional: false }],
  inputSchema: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
  returnsVoid: false,
};
const cancelEntry = {
  ...statusEntry,
  methodName: 'cancel',
  sourceFile: 'src/cancel-tools.ts',
  description: 'Cancels an order',
  returnsVoid: true,
};
const manifest: ToolSchemaManifest = {
  version: 1,
  generator: 'test@1',
  sourceHash: 'abc',
  project: '../tsconfig.json',
  tools: { 'OrderTools.getOrderStatus': statusEntry, 'OrderTools.cancel': cancelEntry },
};

/** The text in the layout `sprout-schema` writes: header lines, then one tool per line. */
function layoutText(lines: readonly string[] = toolLines(), toolKeys?: readonly string[]): string {
  return manifestFileText(manifest, { lines, toolKeys });
}

const KEYS = ['OrderTools.getOrderStatus', 'OrderTools.cancel'];

function toolLines(): string[] {
  return manifestToolLines(manifest);
}

describe(ToolSchemaManifestDocument, () => {
  describe('.parse', () => {
    describe('when the text has the one-tool-per-line layout', () => {
      it('should give the header, the keys in file order and every entry as it was generated', () => {
        const document = ToolSchemaManifestDocument.parse(layoutText(), 'dist/tool-schemas.json');
        expect(document).toMatchObject({
          version: 2,
          generator: 'test@1',
          sourceHash: 'abc',
          project: '../tsconfig.json',
          source: 'dist/tool-schemas.json',
        });
        expect([...document.keys()]).toEqual(['OrderTools.getOrderStatus', 'OrderTools.cancel']);
        const status = document.get('OrderTools.getOrderStatus');
        expect(status?.description).toBe(statusEntry.description);
        expect(status?.inputSchema).toEqual(statusEntry.inputSchema);
        expect(JSON.parse(JSON.stringify(status))).toEqual(statusEntry);
        expect(JSON.parse(JSON.stringify(document.get('OrderTools.cancel')))).toEqual(cancelEntry);
      });

      it("should let a @Tool definition with no @ToolParam options send the line's schema text as written", () => {
        const document = ToolSchemaManifestDocument.parse(layoutText(), 'm.json');
        const entry = document.get('OrderTools.getOrderStatus') as ToolMethodSchema;
        const definition = methodToolDefinition(
          {
            declaringClass: class OrderTools {
              getOrderStatus(): void {}
            },
            options: { methodName: 'getOrderStatus' },
            paramOptions: {},
          },
          entry,
        );
        expect(definition.inputSchema).toBe(
          serializeToolSchemaManifest(manifest).tools['OrderTools.getOrderStatus'].inputSchema,
        );
        expect(definition.description).toBe(statusEntry.description);
      });

      it('should take the source files from the header', () => {
        expect(ToolSchemaManifestDocument.parse(layoutText(), 'm.json').sourceFiles()).toEqual([
          'src/cancel-tools.ts',
          'src/order-tools.ts',
        ]);
      });

      it('should not read an entry before one of its fields is read, then name the tool whose line is broken', () => {
        const [status, cancel] = toolLines();
        const broken = cancel.replace('"parameters":[', '"parameters":[[');
        const document = ToolSchemaManifestDocument.parse(layoutText([status, broken]), 'dist/tool-schemas.json');
        const entry = document.get('OrderTools.cancel');
        expect(entry?.className).toBe('OrderTools');
        expect(entry?.methodName).toBe('cancel');
        expect(errorOf(() => entry?.parameters, ToolSchemaManifestError)).toMatchObject({
          manifest: 'dist/tool-schemas.json',
          message:
            'Tool schema manifest dist/tool-schemas.json: the entry of OrderTools.cancel is not a JSON object. Run `npm run build` (or `npx sprout-schema`) to regenerate it.',
        });
        expect(document.get('OrderTools.getOrderStatus')?.returnsVoid).toBe(false);
      });

      it('should refuse a file whose tool line is cut short, as not valid JSON', () => {
        const [status, cancel] = toolLines();
        const text = layoutText([status, cancel.slice(0, -20)]);
        expect(() => ToolSchemaManifestDocument.parse(text, 'm.json')).toThrow(
          /^Tool schema manifest m\.json is not valid JSON \(.+\)\. Run `npm run build`/,
        );
      });

      it('should refuse a schema text that is not a JSON object when the schema is read', () => {
        const [status, cancel] = toolLines();
        const broken = cancel.replace(/"inputSchema":"(?:[^"\\]|\\.)*"/, '"inputSchema":"[1]"');
        const entry = ToolSchemaManifestDocument.parse(layoutText([status, broken]), 'm.json').get('OrderTools.cancel');
        expect(() => entry?.inputSchema).toThrow(
          'Tool schema manifest m.json: the inputSchema of OrderTools.cancel is not JSON object text.',
        );
      });
    });

    describe('when the header lists the toolKeys (as sprout-schema writes)', () => {
      it('should answer has() from them and give every entry as generated', () => {
        const document = ToolSchemaManifestDocument.parse(layoutText(toolLines(), KEYS), 'm.json');
        expect([...document.keys()]).toEqual(KEYS);
        expect(document.has('OrderTools.cancel')).toBe(true);
        expect(document.has('OrderTools.refund')).toBe(false);
        expect(document.get('OrderTools.refund')).toBeUndefined();
        expect(JSON.parse(JSON.stringify(document.get('OrderTools.cancel')))).toEqual(cancelEntry);
        expect(JSON.parse(JSON.stringify(document.get('OrderTools.getOrderStatus')))).toEqual(statusEntry);
      });

      it('should still refuse a file cut short, as not valid JSON', () => {
        const text = layoutText(toolLines(), KEYS);
        expect(() => ToolSchemaManifestDocument.parse(text.slice(0, -40), 'm.json')).toThrow(
          /^Tool schema manifest m\.json is not valid JSON \(.+\)\. Run `npm run build`/,
        );
      });

      it('should name the file at the first entry read when its lines no longer match the keys (edited by hand)', () => {
        const [status] = toolLines();
        const document = ToolSchemaManifestDocument.parse(layoutText([status], KEYS), 'm.json');
        expect(document.has('OrderTools.cancel')).toBe(true);
        expect(errorOf(() => document.get('OrderTools.getOrderStatus'), ToolSchemaManifestError)).toMatchObject({
          manifest: 'm.json',
          message:
            'Tool schema manifest m.json: its tool lines do not match its "toolKeys" (was it edited by hand?). Run `npm run build` (or `npx sprout-schema`) to regenerate it.',
        });
      });
    });

    describe('when the text is in another layout (hand formatted)', () => {
      it.each([
        ['two-space indent (JSON.stringify)', (text: string) => JSON.stringify(JSON.parse(text), null, 2)],
        ['four-space indent, like the tool lines', (text: string) => JSON.stringify(JSON.parse(text), null, 4)],
        ['CRLF line ends', (text: string) => text.replace(/\n/g, '\r\n')],
        ['one line', (text: string) => JSON.stringify(JSON.parse(text))],
      ])('should read a re-formatted file whole: %s', (_layout, reformat) => {
        const document = ToolSchemaManifestDocument.parse(reformat(layoutText()), 'm.json');
        expect(JSON.parse(JSON.stringify(document.get('OrderTools.cancel')))).toEqual(cancelEntry);
        expect(document.sourceFiles()).toEqual(['src/cancel-tools.ts', 'src/order-tools.ts']);
      });

      it('should read it whole, with the same entries', () => {
        const text = JSON.stringify(serializeToolSchemaManifest(manifest), null, 4);
        const document = ToolSchemaManifestDocument.parse(text, 'm.json');
        expect(JSON.parse(JSON.stringify(document.get('OrderTools.getOrderStatus')))).toEqual(statusEntry);
        expect(document.sourceFiles()).toEqual(['src/cancel-tools.ts', 'src/order-tools.ts']);
      });

      it('should read a version 1 manifest with schema objects', () => {
        const document = ToolSchemaManifestDocument.parse(JSON.stringify(manifest), 'm.json');
        expect(document.version).toBe(1);
        expect(document.get('OrderTools.cancel')).toEqual(cancelEntry);
      });
    });

    describe('when the text is not JSON', () => {
      it('should name the source and the parser error', () => {
        expect(() => ToolSchemaManifestDocument.parse('{"version": 2,', 'm.json')).toThrow(
          /^Tool schema manifest m\.json is not valid JSON \(.+\)\. Run `npm run build`/,
        );
      });
    });

    describe('when the header has another version', () => {
      it('should say which versions are read, also in the line layout', () => {
        const text = layoutText().replace('"version": 2', '"version": 3');
        expect(() => ToolSchemaManifestDocument.parse(text, 'm.json')).toThrow(
          'Tool schema manifest m.json has version 3, but this version of @sprout-ai/core reads versions 1 and 2.',
        );
      });
    });
  });

  describe('.from', () => {
    describe('when the manifest is a version 1 object', () => {
      it('should read the source files from the entries', () => {
        expect(ToolSchemaManifestDocument.from(manifest).sourceFiles()).toEqual([
          'src/cancel-tools.ts',
          'src/order-tools.ts',
        ]);
      });
    });
  });
});
