import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { formatToolSchemaManifest, type ToolSchemaManifest, ToolSchemaManifestDocument } from '@sprout-ai/core';
import { mergeToolParamOptions } from '@sprout-ai/core/internal';
import { strictSchemaViolations, toStrictToolSchema } from '@sprout-ai/openai';
import { generateToolSchemaManifest } from './generate-tool-schema-manifest';
import { SchemaGenerationError } from './schema-generation-error';

const FIXTURES = path.join(__dirname, '__fixtures__');
const ALL_TYPES = path.join(FIXTURES, 'all-types');
const GENERATION_TIMEOUT_MS = 120_000;

interface Expected {
  readonly inputSchema: Record<string, unknown>;
  readonly dateSchemaPaths?: readonly string[];
}
const expected = JSON.parse(readFileSync(path.join(ALL_TYPES, 'expected-schemas.json'), 'utf8')) as Record<
  string,
  Expected
>;

/** Tools whose schema cannot be made strict, and why (they fall back to non-strict). */
const NOT_STRICT: Readonly<Record<string, RegExp>> = {
  'ShowcaseTools.collections': /tuples cannot be strict/,
  'ShowcaseTools.records': /a map \(additionalProperties with a schema/,
};

interface Ajv {
  validateSchema(schema: object): boolean;
  errors?: unknown;
  compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown };
}
/** ajv 8's draft 2020-12 build (with its meta-schema) and ajv-formats, as core uses them. */
function ajv2020(): Ajv {
  const requireFromCore = createRequire(path.join(__dirname, '..', '..', 'core', 'package.json'));
  const { default: Ajv2020 } = requireFromCore('ajv/dist/2020') as { default: new (options: object) => Ajv };
  const { default: addFormats } = requireFromCore('ajv-formats') as { default: (ajv: Ajv) => void };
  const ajv = new Ajv2020({ allErrors: true, strict: true, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

/** Every object node of a schema with its JSON pointer. */
function objectNodes(node: unknown, pointer = '#'): [string, Record<string, unknown>][] {
  if (typeof node !== 'object' || node === null) return [];
  if (Array.isArray(node)) return node.flatMap((item, i) => objectNodes(item, `${pointer}/${i}`));
  const record = node as Record<string, unknown>;
  const own: [string, Record<string, unknown>][] = 'properties' in record ? [[pointer, record]] : [];
  return [
    ...own,
    ...Object.entries(record).flatMap(([key, value]) =>
      key === 'enum' || key === 'const' || key === 'default' ? [] : objectNodes(value, `${pointer}/${key}`),
    ),
  ];
}

describe(generateToolSchemaManifest, () => {
  let manifest: ToolSchemaManifest;
  beforeAll(() => {
    manifest = generateToolSchemaManifest({ project: path.join(ALL_TYPES, 'tsconfig.json') });
  }, GENERATION_TIMEOUT_MS);

  describe('when the fixture package covers every supported type', () => {
    it('should generate exactly the tools of the expected file', () => {
      expect(Object.keys(manifest.tools)).toEqual(Object.keys(expected));
    });

    it.each(Object.keys(expected))('should give %s the expected schema, keyword order included', (key) => {
      const { inputSchema, dateSchemaPaths } = manifest.tools[key];
      expect(inputSchema).toEqual(expected[key].inputSchema);
      expect(JSON.stringify(inputSchema)).toBe(JSON.stringify(expected[key].inputSchema));
      expect(dateSchemaPaths).toEqual(expected[key].dateSchemaPaths);
    });

    it.each(Object.keys(expected))('should make %s a valid draft 2020-12 schema (meta-schema)', (key) => {
      const ajv = ajv2020();
      const valid = ajv.validateSchema(manifest.tools[key].inputSchema);
      expect(ajv.errors ?? null).toBeNull();
      expect(valid).toBe(true);
    });

    it.each(Object.keys(expected))('should give %s the Spring AI root shape', (key) => {
      const schema = manifest.tools[key].inputSchema;
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(Object.keys(schema).filter((k) => k !== '$defs')).toEqual([
        '$schema',
        'type',
        'properties',
        'required',
        'additionalProperties',
      ]);
      expect(Array.isArray(schema.required)).toBe(true);
      for (const [pointer, node] of objectNodes(schema)) {
        expect([pointer, node.additionalProperties]).toEqual([pointer, false]);
        expect([pointer, Array.isArray(node.required)]).toEqual([pointer, true]);
      }
    });

    it.each(Object.keys(expected))(
      'should make %s strict-compatible for OpenAI, or report why it falls back',
      (key) => {
        const { $schema, ...parameters } = manifest.tools[key].inputSchema;
        void $schema;
        const result = toStrictToolSchema(parameters);
        const reason = NOT_STRICT[key];
        if (reason !== undefined) {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.problems.join('; ')).toMatch(reason);
          return;
        }
        expect(result).toMatchObject({ ok: true });
        if (!result.ok) return;
        expect(strictSchemaViolations(result.schema)).toEqual([]);
        const ajv = ajv2020();
        expect(ajv.validateSchema(result.schema)).toBe(true);
      },
    );
  });

  describe('when the manifest is written to a file and read back', () => {
    it('should give every schema unchanged, and merging no @ToolParam options should change none', () => {
      const document = ToolSchemaManifestDocument.parse(formatToolSchemaManifest(manifest), 'tool-schemas.json');
      for (const [key, entry] of Object.entries(manifest.tools)) {
        expect([key, document.get(key)?.inputSchema]).toEqual([key, entry.inputSchema]);
        // Start-up sends the file's schema text as is when there is nothing to merge: it must be what a merge gives.
        expect([key, JSON.stringify(mergeToolParamOptions(entry, {}))]).toEqual([
          key,
          JSON.stringify(entry.inputSchema),
        ]);
      }
    });
  });

  describe('when a parameter is an Integer, a Date, optional or has a default', () => {
    it('should give integer, date-time with a Date path, and default, with @ToolParam winning over TSDoc', () => {
      expect(manifest.tools['ShowcaseTools.optional'].inputSchema).toMatchObject({
        properties: {
          page: { type: 'integer', description: 'Page number, from 1.' },
          pageSize: { type: 'integer', default: 20 },
          sort: { type: 'string', default: 'name', description: 'Sort key' },
        },
        required: ['query', 'exact'],
      });
      expect(manifest.tools['ShowcaseTools.dates'].dateSchemaPaths).toContain('#/properties/history/items');
    });
  });

  describe('when a DTO property has class-validator decorators', () => {
    it('should put their JSON Schema equivalents into the schema, each: true on the items', () => {
      const defs = manifest.tools['ShowcaseTools.createOrder'].inputSchema.$defs as Record<
        string,
        { properties: Record<string, Record<string, unknown>> }
      >;
      expect(defs.CreateOrderDto.properties).toMatchObject({
        email: { type: 'string', format: 'email' },
        recipient: { type: 'string', minLength: 2, maxLength: 40 },
        shipping: { type: 'string', enum: ['standard', 'express'] },
        lines: { type: 'array', minItems: 1 },
        discounts: { type: 'array', items: { type: 'number', minimum: 0, maximum: 50 } },
      });
      expect(defs.OrderLineDto.properties).toMatchObject({
        sku: { type: 'string', pattern: '^SKU-\\d{4}$' },
        quantity: { type: 'integer', minimum: 1, maximum: 99 },
      });
    });

    it('should validate arguments by those rules with ajv', () => {
      const validate = ajv2020().compile(manifest.tools['ShowcaseTools.createOrder'].inputSchema);
      const order = {
        email: 'ann@example.com',
        recipient: 'Ann',
        shipping: 'express',
        lines: [{ sku: 'SKU-0001', quantity: 2 }],
      };
      expect(validate({ order })).toBe(true);
      expect(validate({ order: { ...order, email: 'nope' } })).toBe(false);
      expect(validate({ order: { ...order, lines: [{ sku: 'SKU-1', quantity: 2 }] } })).toBe(false);
      expect(validate({ order: { ...order, lines: [{ sku: 'SKU-0001', quantity: 100 }] } })).toBe(false);
      expect(validate({ order: { ...order, shipping: 'drone' } })).toBe(false);
    });
  });

  describe('when a parameter is an Observable', () => {
    it(
      'should fail naming the class, method and parameter',
      () => {
        const generate = () =>
          generateToolSchemaManifest({
            project: path.join(FIXTURES, 'invalid', 'tsconfig.json'),
            files: ['observable-tools.ts'],
          });
        expect(generate).toThrow(SchemaGenerationError);
        expect(generate).toThrow(
          "observable-tools.ts: ObservableTools.watch(updates): parameter type 'Observable<string>' is an Observable; " +
            'a tool receives plain JSON values, so declare the emitted value type instead',
        );
      },
      GENERATION_TIMEOUT_MS,
    );
  });
});
