import { errorOf } from '@sprout-ai/test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  InvalidToolArgumentsError,
  MethodToolCallbackProvider,
  ToolExecutionError,
  type ToolSchemaManifest,
  ToolSchemaRegistry,
} from '@sprout-ai/core';
import { toolSchemaSourcesHash } from '@sprout-ai/core/internal';
import { generateToolSchemaManifest } from './generate-tool-schema-manifest';
import { SchemaGenerationError } from './schema-generation-error';
import { GuestRequest, PartyRequest } from './__fixtures__/dto/party-request';
import { PartyTools } from './__fixtures__/dto/party-tools';

const FIXTURES = path.join(__dirname, '__fixtures__');
const VALID_PROJECT = path.join(FIXTURES, 'valid', 'tsconfig.json');
const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
const GENERATION_TIMEOUT_MS = 120_000;

/** ajv 8 (draft 2020-12) and ajv-formats, as @sprout-ai/core validates tool arguments at run time. */
interface Ajv {
  compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown };
}
function coreAjv(): Ajv {
  const requireFromCore = createRequire(path.join(__dirname, '..', '..', 'core', 'package.json'));
  const { default: Ajv2020 } = requireFromCore('ajv/dist/2020') as { default: new (options: object) => Ajv };
  const { default: addFormats } = requireFromCore('ajv-formats') as { default: (ajv: Ajv) => void };
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv;
}

describe(generateToolSchemaManifest, () => {
  let manifest: ToolSchemaManifest;
  beforeAll(() => {
    manifest = generateToolSchemaManifest({ project: VALID_PROJECT });
  }, GENERATION_TIMEOUT_MS);
  const tool = (key: string) => {
    const entry = manifest.tools[key];
    if (entry === undefined)
      throw new Error(`no manifest entry ${key}; entries: ${Object.keys(manifest.tools).join(', ')}`);
    return entry;
  };
  const property = (key: string, name: string): Record<string, unknown> =>
    (tool(key).inputSchema.properties as Record<string, Record<string, unknown>>)[name];

  describe('when the project has @Tool classes', () => {
    it('should key every @Tool method by ClassName.methodName in key order, skipping other methods, classes and spec files', () => {
      expect(Object.keys(manifest.tools)).toEqual([
        'CatalogTools.addProduct',
        'CatalogTools.ping',
        'CatalogTools.search',
        'CatalogTools.setPrices',
        'OrderTools.archiveOrder',
        'OrderTools.cancelOrder',
        'OrderTools.getOrderStatus',
        'OrderTools.listOrders',
      ]);
    });

    it('should name the generator and hash the tool sources and the files declaring their argument types', () => {
      expect(manifest.version).toBe(1);
      expect(manifest.generator).toBe('@sprout-ai/schema@0.1.0');
      // ProductDto (a catalog tool's argument) is declared in dto/; tool-free.ts and the spec are not sources.
      expect(manifest.sources).toEqual(['catalog-tools.ts', 'dto/product-dto.ts', 'order-tools.ts']);
      expect(manifest.sourceHash).toBe(toolSchemaSourcesHash(path.join(FIXTURES, 'valid'), manifest.sources ?? []));
    });

    it('should give every input schema a form that ajv (draft 2020-12) compiles', () => {
      const ajv = coreAjv();
      for (const entry of Object.values(manifest.tools)) {
        expect(() => ajv.compile(entry.inputSchema)).not.toThrow();
      }
    });
  });

  describe('when a method takes an argument and a ToolContext', () => {
    it('should leave the context out of the schema and record it as a toolContext parameter', () => {
      expect(tool('OrderTools.getOrderStatus')).toEqual({
        className: 'OrderTools',
        methodName: 'getOrderStatus',
        sourceFile: 'order-tools.ts',
        description: 'Current status of an order.',
        parameters: [
          { name: 'orderId', index: 0, kind: 'argument', optional: false },
          { name: 'context', index: 1, kind: 'toolContext', optional: false },
        ],
        inputSchema: {
          $schema: DRAFT_2020_12,
          type: 'object',
          properties: { orderId: { type: 'string', description: 'The order number, e.g. `A-1001`.' } },
          required: ['orderId'],
          additionalProperties: false,
        },
        returnsVoid: false,
      });
    });

    it('should write the root keywords in Spring AI order', () => {
      expect(Object.keys(tool('OrderTools.getOrderStatus').inputSchema)).toEqual([
        '$schema',
        'type',
        'properties',
        'required',
        'additionalProperties',
      ]);
    });
  });

  describe('when parameters are optional or have a default value', () => {
    it('should mark them optional and leave them out of required', () => {
      const entry = tool('OrderTools.cancelOrder');
      expect(entry.parameters.map((p) => [p.name, p.optional])).toEqual([
        ['orderId', false],
        ['reason', true],
        ['notifyCustomer', true],
      ]);
      expect(entry.inputSchema.required).toEqual(['orderId']);
      expect(entry.inputSchema.properties).toEqual({
        orderId: { type: 'string', description: 'The order number.' },
        reason: { type: 'string', description: 'Why the customer cancels.' },
        notifyCustomer: { type: 'boolean', default: true, description: 'Whether to e-mail the customer.' },
      });
    });

    it('should join a TSDoc summary wrapped over several lines', () => {
      expect(tool('OrderTools.cancelOrder').description).toBe('Cancels an order that has not shipped yet.');
    });
  });

  describe('when a method returns nothing', () => {
    it('should record returnsVoid for void and Promise<void>, not for values', () => {
      expect(tool('OrderTools.cancelOrder').returnsVoid).toBe(true);
      expect(tool('OrderTools.archiveOrder').returnsVoid).toBe(true);
      expect(tool('OrderTools.listOrders').returnsVoid).toBe(false);
      expect(tool('OrderTools.getOrderStatus').returnsVoid).toBe(false);
    });
  });

  describe('when a method has no parameters', () => {
    it('should give an empty closed object schema', () => {
      const empty = {
        $schema: DRAFT_2020_12,
        type: 'object',
        properties: {},
        required: [],
        additionalProperties: false,
      };
      expect(tool('OrderTools.listOrders').inputSchema).toEqual(empty);
      expect(tool('CatalogTools.ping')).toMatchObject({ parameters: [], inputSchema: empty });
    });
  });

  describe('when parameters are primitives, literal unions, enums and arrays', () => {
    it('should give each its JSON type in parameter order', () => {
      const schema = tool('CatalogTools.search').inputSchema;
      expect(Object.keys(schema.properties as object)).toEqual([
        'query',
        'page',
        'inStock',
        'sort',
        'color',
        'priority',
        'tags',
        'limit',
      ]);
      expect(property('CatalogTools.search', 'page')).toEqual({ type: 'number', description: 'Page number, from 1.' });
      expect(property('CatalogTools.search', 'inStock')).toEqual({ type: 'boolean' });
      expect(property('CatalogTools.search', 'sort')).toEqual({ type: 'string', enum: ['price', 'name'] });
      expect(property('CatalogTools.search', 'tags')).toEqual({ type: 'array', items: { type: 'string' } });
      expect(property('CatalogTools.search', 'color')).toEqual({ $ref: '#/$defs/Color' });
      expect(property('CatalogTools.search', 'priority')).toEqual({ $ref: '#/$defs/Priority' });
      expect(schema.$defs).toMatchObject({
        Color: { type: 'string', enum: ['red', 'green'] },
        Priority: { type: 'number', enum: [0, 1] },
      });
    });

    it('should put type keywords before the description', () => {
      expect(Object.keys(property('CatalogTools.search', 'sort'))).toEqual(['type', 'enum']);
      expect(Object.keys(property('CatalogTools.search', 'query'))).toEqual(['$ref', 'description']);
    });

    it('should take a literal @ToolParam description and required: false', () => {
      expect(property('CatalogTools.search', 'limit')).toEqual({
        type: 'number',
        description: 'Maximum number of results',
      });
      expect(tool('CatalogTools.search').inputSchema.required).toEqual([
        'query',
        'page',
        'inStock',
        'sort',
        'color',
        'priority',
        'tags',
      ]);
      expect(tool('CatalogTools.search').parameters[7]).toEqual({
        name: 'limit',
        index: 7,
        kind: 'argument',
        optional: false,
      });
    });
  });

  describe('when a parameter is a nested interface', () => {
    it('should close every nested object with additionalProperties false and keep property descriptions', () => {
      expect(tool('CatalogTools.search').inputSchema.$defs).toMatchObject({
        SearchQuery: {
          type: 'object',
          properties: {
            text: { type: 'string', description: 'Words to look for.' },
            filters: {
              type: 'object',
              properties: { minPrice: { type: 'number' }, maxPrice: { type: 'number' } },
              required: ['minPrice'],
              additionalProperties: false,
            },
          },
          required: ['text'],
          additionalProperties: false,
          description: 'A search over the catalogue.',
        },
      });
    });
  });

  describe('when a parameter is a DTO class', () => {
    it('should put the class and the classes it uses in $defs, referenced as #/$defs/…', () => {
      const schema = tool('CatalogTools.addProduct').inputSchema;
      expect(property('CatalogTools.addProduct', 'product')).toEqual({
        $ref: '#/$defs/ProductDto',
        description: 'The product.',
      });
      expect(schema.$defs).toEqual({
        ProductDto: {
          type: 'object',
          properties: {
            sku: { type: 'string', description: 'Stock keeping unit.' },
            tagline: { type: 'string', description: 'Optional marketing text.' },
            dimensions: { $ref: '#/$defs/Dimensions' },
            releasedAt: { type: 'string', format: 'date-time' },
          },
          required: ['sku', 'dimensions', 'releasedAt'],
          additionalProperties: false,
          description: 'A product to add to the catalogue.',
        },
        Dimensions: {
          type: 'object',
          properties: { width: { type: 'number', minimum: 0 }, height: { type: 'number', minimum: 0 } },
          required: ['width', 'height'],
          additionalProperties: false,
          description: 'Size of a parcel in centimetres.',
        },
      });
      expect(JSON.stringify(schema)).not.toContain('definitions');
    });

    it('should accept a matching object and reject an unknown property, nested too', () => {
      const validate = coreAjv().compile(tool('CatalogTools.addProduct').inputSchema);
      const product = { sku: 'S-1', dimensions: { width: 1, height: 2 }, releasedAt: '2024-01-01T00:00:00Z' };
      const args = { product, note: null, deliverBy: '2024-02-01T00:00:00Z', replaces: null };
      expect(validate(args)).toBe(true);
      expect(validate({ ...args, extra: 1 })).toBe(false);
      expect(validate({ ...args, product: { ...product, dimensions: { width: 1, height: 2, depth: 3 } } })).toBe(false);
    });
  });

  describe('when a parameter is a Date or may be null', () => {
    it('should give a date-time string and allow null', () => {
      expect(property('CatalogTools.addProduct', 'deliverBy')).toEqual({
        type: 'string',
        format: 'date-time',
        description: 'When it must be in stock.',
      });
      expect(property('CatalogTools.addProduct', 'note')).toEqual({
        type: ['string', 'null'],
        description: 'A note, or null for none.',
      });
      expect(property('CatalogTools.addProduct', 'replaces')).toEqual({
        anyOf: [{ $ref: '#/$defs/ProductDto' }, { type: 'null' }],
      });
      expect(tool('CatalogTools.addProduct').inputSchema.required).toEqual([
        'product',
        'note',
        'deliverBy',
        'replaces',
      ]);
    });
  });

  describe('when a parameter is a Record or a tuple', () => {
    it('should keep the value type of Record<string, V>, list the keys of Record<K, V> and use prefixItems for tuples', () => {
      const schema = tool('CatalogTools.setPrices').inputSchema;
      expect(schema.properties).toEqual({
        prices: { type: 'object', additionalProperties: { type: 'number' }, description: 'Price by SKU.' },
        sizes: { $ref: '#/$defs/Record_s_m_number' },
        range: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], minItems: 2, maxItems: 2 },
      });
      expect(schema.$defs).toEqual({
        Record_s_m_number: {
          type: 'object',
          properties: { s: { type: 'number' }, m: { type: 'number' } },
          required: ['s', 'm'],
          additionalProperties: false,
        },
      });
      const validate = coreAjv().compile(schema);
      expect(validate({ prices: { 'S-1': 2.5 }, sizes: { s: 1, m: 2 }, range: [1, 2] })).toBe(true);
      expect(validate({ prices: { 'S-1': 'cheap' }, sizes: { s: 1, m: 2 }, range: [1, 2] })).toBe(false);
    });
  });

  describe('when a parameter type has no JSON form', () => {
    it(
      'should fail naming the file, class, method and parameter and why',
      () => {
        const generate = () =>
          generateToolSchemaManifest({
            project: path.join(FIXTURES, 'invalid', 'tsconfig.json'),
            files: ['callback-tools.ts'],
          });
        expect(generate).toThrow(SchemaGenerationError);
        expect(generate).toThrow(
          "callback-tools.ts: CallbackTools.watchOrder(onChange): parameter type '(status: string) => void' is a function; " +
            'the model can only send JSON data, so take data and call the function inside the tool',
        );
      },
      GENERATION_TIMEOUT_MS,
    );
  });

  describe('when several parameters of the project have problems', () => {
    it(
      'should report all of them in one SchemaGenerationError, one line each after a count',
      () => {
        const error = errorOf(
          () => generateToolSchemaManifest({ project: path.join(FIXTURES, 'invalid', 'tsconfig.json') }),
          SchemaGenerationError,
        );
        const lines = error.message.split('\n');
        expect(lines[0]).toBe(
          `${error.problems.length} problems in @Tool methods; fix them all, then run sprout-schema again:`,
        );
        expect(lines.slice(1)).toEqual(error.problems.map((problem) => `  ${problem.message}`));
        // One problem of every invalid fixture, in file order, each with its location.
        expect(
          error.problems.map(
            (p) => `${p.sourceFile ?? ''}: ${p.className ?? ''}.${p.methodName ?? ''}(${p.parameterName ?? ''})`,
          ),
        ).toEqual([
          'binary-tools.ts: BinaryTools.upload(data)',
          'binary-tools.ts: BinaryTools.upload(attachment)',
          'binary-tools.ts: BinaryTools.upload(samples)',
          'binary-tools.ts: BinaryTools.upload(view)',
          'binary-tools.ts: BinaryTools.store(file)',
          'callback-tools.ts: CallbackTools.watchOrder(onChange)',
          'destructured-tools.ts: DestructuredTools.find({ orderId })',
          'dto-collection-tools.ts: DtoCollectionTools.bookAll(bookings)',
          'dto-collection-tools.ts: DtoCollectionTools.bookByName(byName)',
          'dto-collection-tools.ts: DtoCollectionTools.rebook(replaces)',
          'dto-collection-tools.ts: DtoCollectionTools.bookFor(order)',
          'map-tools.ts: MapTools.updatePrices(update)',
          'nested-dto-tools.ts: NestedDtoTools.plan(party)',
          'nested-dto-tools.ts: NestedDtoTools.plan(party)',
          'nested-dto-tools.ts: NestedDtoTools.plan(party)',
          'nested-dto-tools.ts: NestedDtoTools.plan(party)',
          'observable-tools.ts: ObservableTools.watch(updates)',
          'promise-tools.ts: PromiseTools.track(orderId)',
          'return-type-tools.ts: ReturnTypeTools.callback()',
          'return-type-tools.ts: ReturnTypeTools.later()',
          'return-type-tools.ts: ReturnTypeTools.watch()',
          'return-type-tools.ts: ReturnTypeTools.watchOrNot()',
          'return-type-tools.ts: ReturnTypeTools.feed()',
          'return-type-tools.ts: ReturnTypeTools.lines()',
          'return-type-tools.ts: ReturnTypeTools.numbers()',
          'return-type-tools.ts: ReturnTypeTools.download()',
          'return-type-tools.ts: ReturnTypeTools.downloadLater()',
          'return-type-tools.ts: ReturnTypeTools.webStream()',
          'set-tools.ts: SetTools.tag(tags)',
          'symbol-tools.ts: SymbolTools.lookup(key)',
          'type-only-dto-tools.ts: TypeOnlyDtoTools.book(booking)',
          'unexported-tools.ts: HiddenTools.()',
        ]);
      },
      GENERATION_TIMEOUT_MS,
    );
  });

  describe('when DTO parameters are converted at run time (nested DTOs with both decorators, optional, named by @ToolParam)', () => {
    const DTO_PROJECT = path.join(FIXTURES, 'dto', 'tsconfig.json');
    let dtoManifest: ToolSchemaManifest;
    beforeAll(() => {
      dtoManifest = generateToolSchemaManifest({ project: DTO_PROJECT });
    }, GENERATION_TIMEOUT_MS);
    const callbacks = (tools: PartyTools) =>
      Object.fromEntries(
        MethodToolCallbackProvider.builder()
          .toolObjects(tools)
          .schemaRegistry(new ToolSchemaRegistry().register(dtoManifest))
          .build()
          .getToolCallbacks()
          .map((callback) => [callback.toolDefinition.name, callback]),
      );
    const ann = { name: 'Ann', company: 'ACME Corp' };
    const bob = { name: 'Bob', company: 'ACME Ltd' };

    it('should generate their schemas', () => {
      expect(Object.keys(dtoManifest.tools)).toEqual([
        'PartyTools.invite',
        'PartyTools.plan',
        'PartyTools.replaceHost',
      ]);
      expect(dtoManifest.tools['PartyTools.plan'].inputSchema.$defs).toMatchObject({
        PartyRequest: {
          properties: {
            title: { type: 'string', minLength: 3 },
            host: { $ref: '#/$defs/GuestRequest' },
            guests: { type: 'array', items: { $ref: '#/$defs/GuestRequest' } },
          },
        },
      });
    });

    it('should pass instances of the DTO and of its nested DTOs through MethodToolCallback', async () => {
      const tools = new PartyTools();
      const result = await callbacks(tools).plan.call(
        JSON.stringify({ party: { title: 'Launch', host: ann, guests: [bob] } }),
      );
      expect(result).toBe('"Ann (ACME Corp), Bob (ACME Ltd)"');
      const party = tools.received[0] as PartyRequest;
      expect(party).toBeInstanceOf(PartyRequest);
      expect(party.host).toBeInstanceOf(GuestRequest);
      expect(party.guests[0]).toBeInstanceOf(GuestRequest);
    });

    it('should enforce the nested class-validator-only rules, naming each field', async () => {
      const tools = new PartyTools();
      const party = {
        title: 'Launch',
        host: { ...ann, company: 'Initech' },
        guests: [bob, { ...bob, company: 'Globex' }],
      };
      const call = callbacks(tools).plan.call(JSON.stringify({ party }));
      const error = await errorOf(call, ToolExecutionError);
      expect((error.cause as InvalidToolArgumentsError).violations).toEqual([
        '/party/host/company must contain a ACME string (contains)',
        '/party/guests/1/company must contain a ACME string (contains)',
      ]);
      expect(tools.received).toEqual([]);
    });

    it('should convert an optional DTO parameter and one named by @ToolParam({ type }) that may be null', async () => {
      const tools = new PartyTools();
      const tool = callbacks(tools);
      await expect(tool.invite.call(JSON.stringify({ guest: ann }))).resolves.toBe('"Ann (ACME Corp)"');
      expect(tools.received[0]).toBeInstanceOf(GuestRequest);
      await expect(tool.invite.call('{}')).resolves.toBe('"nobody"');
      await expect(tool.replaceHost.call(JSON.stringify({ host: bob }))).resolves.toBe('"Bob (ACME Ltd)"');
      expect(tools.received[0]).toBeInstanceOf(GuestRequest);
      await expect(tool.replaceHost.call('{"host":null}')).resolves.toBe('"no host"');
      await expect(tool.replaceHost.call(JSON.stringify({ host: { ...bob, company: 'Globex' } }))).rejects.toThrow(
        '/host/company must contain a ACME string (contains)',
      );
    });
  });

  describe('when the tsconfig does not emit decorator metadata and a parameter is a DTO', () => {
    const NO_METADATA = path.join(FIXTURES, 'dto', 'tsconfig.no-decorator-metadata.json');
    const tail = (dto: string) =>
      'so no design:paramtypes metadata names the class at run time: the method would receive a plain object and class-validator would never run; ' +
      `set "experimentalDecorators": true and "emitDecoratorMetadata": true in its compilerOptions (or name the class with @ToolParam({ type: ${dto} }))`;

    it(
      'should fail for each DTO parameter not named by @ToolParam({ type }), naming the option to set',
      () => {
        const generate = () => generateToolSchemaManifest({ project: NO_METADATA });
        expect(generate).toThrow(SchemaGenerationError);
        expect(generate).toThrow(
          "party-tools.ts: PartyTools.plan(party): parameter type 'PartyRequest' is the class-validator DTO PartyRequest, " +
            `but tsconfig.no-decorator-metadata.json does not set "emitDecoratorMetadata": true, ${tail('PartyRequest')}`,
        );
        expect(generate).toThrow(
          "party-tools.ts: PartyTools.invite(guest): parameter type 'GuestRequest | undefined' is the class-validator DTO GuestRequest, " +
            `but tsconfig.no-decorator-metadata.json does not set "emitDecoratorMetadata": true, ${tail('GuestRequest')}`,
        );
        expect(generate).not.toThrow(/replaceHost/);
      },
      GENERATION_TIMEOUT_MS,
    );

    it(
      'should name experimentalDecorators too when it is off',
      () => {
        expect(() =>
          generateToolSchemaManifest({
            project: NO_METADATA,
            files: ['party-tools.ts'],
            compilerOptions: { experimentalDecorators: false },
          }),
        ).toThrow(
          'does not set "experimentalDecorators": true and "emitDecoratorMetadata": true, so no design:paramtypes',
        );
      },
      GENERATION_TIMEOUT_MS,
    );
  });

  describe('when the tsconfig cannot be read', () => {
    it('should fail naming the file and the --project option', () => {
      const missing = path.join(FIXTURES, 'missing', 'tsconfig.json');
      expect(() => generateToolSchemaManifest({ project: missing })).toThrow(
        new RegExp(`^cannot read tsconfig ${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*--project`),
      );
    });
  });

  describe('when the sources change', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'sprout-schema-'));
      writeFileSync(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { strict: true, experimentalDecorators: true, module: 'commonjs' },
          include: ['*.ts'],
        }),
      );
      writeFileSync(
        path.join(dir, 'tool.ts'),
        'export function Tool(): MethodDecorator {\n  return () => undefined;\n}\n',
      );
      writeFileSync(path.join(dir, 'a.ts'), tools('ATools', 'x: string'));
      writeFileSync(path.join(dir, 'b.ts'), tools('BTools', 'y: number'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const tools = (name: string, parameter: string) =>
      `import { Tool } from './tool';\nexport class ${name} {\n  @Tool()\n  run(${parameter}): string {\n    return '';\n  }\n}\n`;

    it(
      'should change sourceHash and the schema, and keep both when nothing changed',
      () => {
        const project = path.join(dir, 'tsconfig.json');
        const first = generateToolSchemaManifest({ project });
        expect(generateToolSchemaManifest({ project })).toEqual(first);
        writeFileSync(path.join(dir, 'a.ts'), tools('ATools', 'x: boolean'));
        const second = generateToolSchemaManifest({ project });
        expect(second.sourceHash).not.toBe(first.sourceHash);
        expect(second.tools['ATools.run'].inputSchema.properties).toEqual({ x: { type: 'boolean' } });
      },
      GENERATION_TIMEOUT_MS,
    );

    it(
      'should read a tsconfig with project references',
      () => {
        mkdirSync(path.join(dir, 'lib'));
        writeFileSync(path.join(dir, 'lib', 'tsconfig.json'), JSON.stringify({ compilerOptions: { composite: true } }));
        writeFileSync(path.join(dir, 'lib', 'money.ts'), 'export interface Money {\n  cents: number;\n}\n');
        writeFileSync(
          path.join(dir, 'tsconfig.json'),
          JSON.stringify({
            compilerOptions: { strict: true, experimentalDecorators: true, module: 'commonjs' },
            include: ['*.ts'],
            references: [{ path: './lib' }],
          }),
        );
        writeFileSync(
          path.join(dir, 'b.ts'),
          `import type { Money } from './lib/money';\n${tools('BTools', 'price: Money')}`,
        );
        const manifest = generateToolSchemaManifest({ project: path.join(dir, 'tsconfig.json') });
        expect(manifest.tools['BTools.run'].inputSchema.properties).toEqual({ price: { $ref: '#/$defs/Money' } });
      },
      GENERATION_TIMEOUT_MS,
    );

    it(
      'should scan only the given files when files is set',
      () => {
        const manifest = generateToolSchemaManifest({ project: path.join(dir, 'tsconfig.json'), files: ['b.ts'] });
        expect(Object.keys(manifest.tools)).toEqual(['BTools.run']);
        expect(manifest.tools['BTools.run'].sourceFile).toBe('b.ts');
      },
      GENERATION_TIMEOUT_MS,
    );
  });
});
