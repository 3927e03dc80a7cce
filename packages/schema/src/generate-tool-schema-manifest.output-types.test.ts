import path from 'node:path';
import type { ToolSchemaManifest } from '@sprout-ai/core';
import { errorOf } from '@sprout-ai/test';
import { generateToolSchemaManifest } from './generate-tool-schema-manifest';
import { SchemaGenerationError } from './schema-generation-error';

const FIXTURES = path.join(__dirname, '__fixtures__', 'output');
const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
const GENERATION_TIMEOUT_MS = 120_000;

// Structured output types (`.call().entity(Type)`): classes, interfaces and aliases tagged @structuredOutput.
describe(`${generateToolSchemaManifest.name}: output types`, () => {
  let manifest: ToolSchemaManifest;
  beforeAll(() => {
    manifest = generateToolSchemaManifest({
      project: path.join(FIXTURES, 'tsconfig.json'),
      files: ['order-answer.ts'],
    });
  }, GENERATION_TIMEOUT_MS);

  it('should write the schema of a tagged class by the rules of tool arguments, with its TSDoc', () => {
    expect(manifest.outputTypes?.OrderAnswer).toEqual({
      typeName: 'OrderAnswer',
      sourceFile: 'order-answer.ts',
      schema: {
        $schema: DRAFT_2020_12,
        type: 'object',
        $defs: {
          OrderLine: {
            type: 'object',
            properties: { sku: { type: 'string', description: "The product's SKU." }, quantity: { type: 'number' } },
            required: ['sku', 'quantity'],
            additionalProperties: false,
            description: 'One line of an order.',
          },
        },
        properties: {
          orderId: { type: 'string', description: "The order's id, e.g. A123." },
          status: {
            type: 'string',
            enum: ['placed', 'shipped', 'delivered', 'cancelled'],
            description: 'Where the order is.',
          },
          lines: { type: 'array', items: { $ref: '#/$defs/OrderLine' } },
          expectedAt: { type: 'string', format: 'date-time', description: 'When it is expected, if known.' },
        },
        required: ['orderId', 'status', 'lines'],
        additionalProperties: false,
        description: "The order desk's answer about one order.",
      },
      dateSchemaPaths: ['#/properties/expectedAt'],
    });
  });

  it('should take tagged interfaces and object aliases too, and leave untagged types out', () => {
    expect(Object.keys(manifest.outputTypes ?? {})).toEqual(['OrderAnswer', 'ShortReply', 'Verdict']);
    expect(manifest.outputTypes?.ShortReply.schema).toMatchObject({
      properties: { text: { type: 'string' }, confidence: { type: ['number', 'null'] } },
      required: ['text', 'confidence'],
    });
    expect(manifest.sources).toEqual(['order-answer.ts']);
  });

  it('should fail naming a tagged type that is not an object type or not exported', () => {
    const error = errorOf(() =>
      generateToolSchemaManifest({ project: path.join(FIXTURES, 'tsconfig.json'), files: ['list-answer.ts'] }),
    );
    expect(SchemaGenerationError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/Names[\s\S]*must be an object type/);
    expect((error as Error).message).toMatch(/must be named and exported/);
  });
});
