import { errorOf } from '@sprout-ai/test';
import path from 'node:path';
import { AugmentedToolCallbackProvider, type ToolSchemaManifest, ToolSchemaRegistry } from '@sprout-ai/core';
import { generateToolSchemaManifest } from './generate-tool-schema-manifest';
import { SchemaGenerationError } from './schema-generation-error';
import { AgentThinking } from './__fixtures__/augment/agent-thinking';
import { ShopTools } from './__fixtures__/augment/shop-tools';

const FIXTURES = path.join(__dirname, '__fixtures__');
const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';
const GENERATION_TIMEOUT_MS = 120_000;

// Augmentation argument types (AugmentedToolCallbackProvider): exported classes with @ToolParam properties.
describe(`${generateToolSchemaManifest.name}: argument types`, () => {
  let manifest: ToolSchemaManifest;
  beforeAll(() => {
    manifest = generateToolSchemaManifest({ project: path.join(FIXTURES, 'augment', 'tsconfig.json') });
  }, GENERATION_TIMEOUT_MS);

  it('should write the schema of a class with @ToolParam properties as a tool method’s arguments are written', () => {
    expect(manifest.argumentTypes?.AgentThinking).toEqual({
      className: 'AgentThinking',
      sourceFile: 'agent-thinking.ts',
      inputSchema: {
        $schema: DRAFT_2020_12,
        type: 'object',
        $defs: {
          PlanStep: {
            type: 'object',
            properties: {
              action: { type: 'string', description: 'What to do.' },
              reason: { type: 'string', description: 'Why this step, in a few words' },
            },
            required: ['action'],
            additionalProperties: false,
            description: 'One step the model plans.',
          },
        },
        properties: {
          agent: { type: 'string', description: "The agent's name, when several agents share the tools." },
          innerThought: { type: 'string', description: 'Your reasoning for calling this tool' },
          confidence: { type: 'string', enum: ['low', 'medium', 'high'], description: 'How sure the model is.' },
          plan: { type: 'array', items: { $ref: '#/$defs/PlanStep' }, description: 'The next steps.' },
          decidedAt: { type: 'string', format: 'date-time', description: 'When the model decided' },
        },
        required: ['innerThought'],
        additionalProperties: false,
      },
      dateSchemaPaths: ['#/properties/decidedAt'],
    });
  });

  it('should list every exported class with a @ToolParam property, and count their files as sources', () => {
    expect(Object.keys(manifest.argumentTypes ?? {})).toEqual(['AgentThinking', 'PlanStep', 'SearchFilter']);
    expect(manifest.sources).toEqual(['agent-thinking.ts', 'shop-tools.ts']);
  });

  it('should read @ToolParam on the properties of a DTO parameter too', () => {
    const schema = manifest.tools['ShopTools.search'].inputSchema as { $defs: Record<string, unknown> };

    expect(schema.$defs.SearchFilter).toEqual({
      type: 'object',
      properties: {
        maxPrice: { type: 'number', description: 'Highest price, in euros' },
        category: { type: 'string', description: 'Written by TSDoc, made optional by its decorator.' },
      },
      additionalProperties: false,
      description: "A search filter, its properties described as an argument type's are.",
    });
  });

  it('should give AugmentedToolCallbackProvider what it adds to a tool’s schema', () => {
    const registry = new ToolSchemaRegistry().register(manifest);
    const [search] = AugmentedToolCallbackProvider.builder()
      .toolObject(new ShopTools())
      .argumentType(AgentThinking)
      .argumentConsumer(() => undefined)
      .schemaRegistry(registry)
      .build()
      .getToolCallbacks();
    const schema = JSON.parse(search.toolDefinition.inputSchema) as Record<string, unknown>;

    expect(Object.keys(schema.properties as object)).toEqual([
      'query',
      'filter',
      'agent',
      'innerThought',
      'confidence',
      'plan',
      'decidedAt',
    ]);
    expect(schema.required).toEqual(['query', 'innerThought']);
    expect(Object.keys(schema.$defs as object)).toEqual(['SearchFilter', 'PlanStep']);
  });

  describe('when an argument type cannot be written', () => {
    it(
      'should report each problem, naming the file, class and property',
      () => {
        const error = errorOf(
          () => generateToolSchemaManifest({ project: path.join(FIXTURES, 'augment-invalid', 'tsconfig.json') }),
          SchemaGenerationError,
        );

        expect(error.problems.map((problem) => problem.message)).toEqual([
          expect.stringMatching(
            /^thinking\.ts: HiddenThinking: the class has @ToolParam properties \(an augmentation argument type\) but is not exported/,
          ),
          expect.stringMatching(/^thinking\.ts: MapThinking\.scores: property type 'Map<string, number>' is a Map/),
          expect.stringMatching(
            /^thinking\.ts: MapThinking: property 'MapThinking\.note' of type 'Note' is a class-validator DTO without @ValidateNested\(\) and @Type\(\(\) => Note\)/,
          ),
          expect.stringMatching(
            /^argument type Twice is declared in more than one file \(other\.ts, thinking\.ts\); the manifest is keyed by class name/,
          ),
        ]);
      },
      GENERATION_TIMEOUT_MS,
    );
  });
});
