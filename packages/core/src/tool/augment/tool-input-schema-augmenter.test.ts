import { errorOf } from '@sprout-ai/test';
import { ConfigurationError } from '../../error/configuration-error';
import { ToolParam } from '../annotation/tool-param';
import { InvalidToolSchemaError } from '../schema/invalid-tool-schema-error';
import { MissingToolSchemaError } from '../schema/missing-tool-schema-error';
import { ToolSchemaRegistry } from '../schema/tool-schema-registry';
import { type AugmentedArgumentType, ToolInputSchemaAugmenter } from './tool-input-schema-augmenter';
import { AgentThinking, argumentTypesManifest, SimpleArguments } from './__fixtures__/agent-thinking';

/** The parts of an augmented schema the tests read. */
interface AugmentedSchema {
  readonly properties: Record<string, Record<string, unknown>>;
  readonly required?: string[];
  readonly $defs?: Record<string, unknown>;
  readonly [keyword: string]: unknown;
}

const BASE_SCHEMA = JSON.stringify({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Test Schema',
  type: 'object',
  properties: { existingField: { type: 'string', description: 'An existing field' } },
  required: ['existingField'],
});

const augment = (schema: string, ...types: AugmentedArgumentType[]) =>
  JSON.parse(ToolInputSchemaAugmenter.augmentToolInputSchema(schema, types)) as AugmentedSchema;

describe(ToolInputSchemaAugmenter, () => {
  const registry = new ToolSchemaRegistry().register(argumentTypesManifest);

  describe('.toAugmentedArgumentTypes', () => {
    it('should give one entry per property, in declaration order, with its description and required flag', () => {
      const types = ToolInputSchemaAugmenter.toAugmentedArgumentTypes(AgentThinking, registry);

      expect(types.map(({ name, description, required }) => ({ name, description, required }))).toEqual([
        { name: 'innerThought', description: 'Your reasoning for calling this tool', required: true },
        { name: 'confidence', description: 'Confidence level (low, medium, high)', required: false },
        { name: 'plan', description: 'The next steps.', required: false },
        { name: 'decidedAt', description: 'When the model decided', required: false },
      ]);
      expect(types[0].schema).toEqual({ type: 'string' });
    });

    it('should carry the $defs a nested type refers to with its schema', () => {
      const plan = ToolInputSchemaAugmenter.toAugmentedArgumentTypes(AgentThinking, registry)[2];

      expect(plan.schema).toEqual({
        type: 'array',
        items: { $ref: '#/$defs/PlanStep' },
        $defs: { PlanStep: expect.objectContaining({ required: ['action'] }) },
      });
    });

    it("should lay the run-time @ToolParam options over the manifest's (a computed description, a replaced schema)", () => {
      const wording = { thought: 'Why you call it' };
      class Overridden {
        @ToolParam({ description: wording.thought, required: false, schema: { type: 'string', maxLength: 200 } })
        value!: string;
      }
      const overridden = new ToolSchemaRegistry().register({
        ...argumentTypesManifest,
        argumentTypes: {
          Overridden: { ...argumentTypesManifest.argumentTypes!.SimpleArguments, className: 'Overridden' },
        },
      });

      expect(ToolInputSchemaAugmenter.toAugmentedArgumentTypes(Overridden, overridden)).toEqual([
        { name: 'value', schema: { type: 'string', maxLength: 200 }, description: 'Why you call it', required: false },
      ]);
    });

    it('should fail naming the class and the command when no manifest has it', () => {
      class Unlisted {
        @ToolParam()
        note!: string;
      }
      const error = errorOf(
        () => ToolInputSchemaAugmenter.toAugmentedArgumentTypes(Unlisted, registry),
        MissingToolSchemaError,
      );

      expect(error.className).toBe('Unlisted');
      expect(error.methodName).toBeUndefined();
      expect(error.message).toContain('No schema for argument type Unlisted in the tool schema manifest');
      expect(error.message).toContain('npx sprout-schema');
    });

    it('should describe a class without manifest entry from its @ToolParam options when the runtime fallback is on', () => {
      class PlainJs {
        @ToolParam({ type: String, description: 'Why' })
        why!: string;
        @ToolParam({ schema: { type: 'integer' }, required: false })
        score!: number;
      }
      const fallback = new ToolSchemaRegistry().enableRuntimeFallback();

      expect(ToolInputSchemaAugmenter.toAugmentedArgumentTypes(PlainJs, fallback)).toEqual([
        { name: 'why', schema: { type: 'string' }, description: 'Why', required: true },
        { name: 'score', schema: { type: 'integer' }, required: false },
      ]);
    });

    it('should reject a class without properties, as Spring rejects a record without components', () => {
      class Empty {}
      const empty = new ToolSchemaRegistry().register({
        ...argumentTypesManifest,
        argumentTypes: {
          Empty: {
            className: 'Empty',
            sourceFile: 'src/empty.ts',
            inputSchema: { type: 'object', properties: {}, required: [] },
          },
        },
      });

      const error = errorOf(() => ToolInputSchemaAugmenter.toAugmentedArgumentTypes(Empty, empty), ConfigurationError);
      expect(error.message).toContain('Empty has no properties');
    });
  });

  describe('.augmentToolInputSchema', () => {
    it('should add a property with its description and append a required one to required', () => {
      const schema = augment(BASE_SCHEMA, {
        name: 'newField',
        schema: { type: 'string' },
        description: 'A new field',
        required: true,
      });

      expect(schema.properties).toEqual({
        existingField: { type: 'string', description: 'An existing field' },
        newField: { type: 'string', description: 'A new field' },
      });
      expect(schema.required).toEqual(['existingField', 'newField']);
    });

    it('should add several properties, only the required ones to required', () => {
      const schema = augment(
        BASE_SCHEMA,
        { name: 'field1', schema: { type: 'string' }, description: 'First field', required: true },
        { name: 'field2', schema: { type: 'integer' }, description: 'Second field', required: false },
      );

      expect(schema.properties.field1).toEqual({ type: 'string', description: 'First field' });
      expect(schema.properties.field2).toEqual({ type: 'integer', description: 'Second field' });
      expect(schema.required).toEqual(['existingField', 'field1']);
    });

    it('should create properties and required when the schema has none', () => {
      const schema = augment(JSON.stringify({ title: 'Minimal Schema', type: 'object' }), {
        name: 'newField',
        schema: { type: 'string' },
        required: true,
      });

      expect(schema).toEqual({
        title: 'Minimal Schema',
        type: 'object',
        properties: { newField: { type: 'string' } },
        required: ['newField'],
      });
    });

    it('should write no description when it is empty or blank', () => {
      const schema = augment(
        BASE_SCHEMA,
        { name: 'a', schema: { type: 'string' }, description: '', required: false },
        { name: 'b', schema: { type: 'string' }, description: '  ', required: false },
        { name: 'c', schema: { type: 'string' }, required: false },
      );

      for (const name of ['a', 'b', 'c']) expect(schema.properties[name]).toEqual({ type: 'string' });
      expect(schema.required).toEqual(['existingField']);
    });

    it("should keep the schema's other keywords and its properties' constraints", () => {
      const complex = {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: 'https://example.com/product.schema.json',
        title: 'Product Schema',
        description: 'A product from catalog',
        type: 'object',
        properties: { productId: { type: 'integer', description: 'Product identifier', minimum: 1 } },
        required: ['productId'],
        additionalProperties: false,
      };

      const schema = augment(JSON.stringify(complex), {
        name: 'newField',
        schema: { type: 'string' },
        description: 'New field',
        required: false,
      });

      expect(schema).toEqual({
        ...complex,
        properties: { ...complex.properties, newField: { type: 'string', description: 'New field' } },
      });
      expect(Object.keys(schema)).toEqual(Object.keys(complex));
    });

    it('should move nested definitions to the root $defs, before properties, and keep the refs', () => {
      const step = { type: 'object', properties: { action: { type: 'string' } }, required: ['action'] };
      const schema = augment(
        JSON.stringify({ type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] }),
        {
          name: 'plan',
          schema: { type: 'array', items: { $ref: '#/$defs/PlanStep' }, $defs: { PlanStep: step } },
          required: false,
        },
      );

      expect(schema).toEqual({
        type: 'object',
        $defs: { PlanStep: step },
        properties: { orderId: { type: 'string' }, plan: { type: 'array', items: { $ref: '#/$defs/PlanStep' } } },
        required: ['orderId'],
      });
      expect(Object.keys(schema)).toEqual(['type', '$defs', 'properties', 'required']);
    });

    it('should share an equal definition of the same name and rename a different one, rewriting its refs', () => {
      const toolStep = { type: 'object', properties: { sku: { type: 'string' } } };
      const otherStep = { type: 'object', properties: { action: { type: 'string' } } };
      const tool = JSON.stringify({
        type: 'object',
        $defs: { Step: toolStep, Money: { type: 'number' } },
        properties: { steps: { type: 'array', items: { $ref: '#/$defs/Step' } }, price: { $ref: '#/$defs/Money' } },
      });

      const schema = augment(
        tool,
        { name: 'plan', schema: { $ref: '#/$defs/Step', $defs: { Step: otherStep } }, required: true },
        { name: 'budget', schema: { $ref: '#/$defs/Money', $defs: { Money: { type: 'number' } } }, required: false },
      );

      expect(schema.$defs).toEqual({ Step: toolStep, Money: { type: 'number' }, Step_2: otherStep });
      expect(schema.properties.steps.items).toEqual({ $ref: '#/$defs/Step' });
      expect(schema.properties.plan).toEqual({ $ref: '#/$defs/Step_2' });
      expect(schema.properties.budget).toEqual({ $ref: '#/$defs/Money' });
    });

    it('should refuse a property the schema already has, naming it', () => {
      const error = errorOf(
        () =>
          ToolInputSchemaAugmenter.augmentToolInputSchema(
            BASE_SCHEMA,
            [{ name: 'existingField', schema: { type: 'string' }, required: true }],
            "tool 'search'",
          ),
        ConfigurationError,
      );

      expect(error.message).toBe(
        "The input schema of tool 'search' already has a property 'existingField'; an augmented argument cannot replace it. Rename one of them.",
      );
    });

    it('should fail with InvalidToolSchemaError for text that is not a JSON object', () => {
      const types = ToolInputSchemaAugmenter.toAugmentedArgumentTypes(SimpleArguments, registry);

      expect(
        errorOf(
          () => ToolInputSchemaAugmenter.augmentToolInputSchema('{ invalid json }', types),
          InvalidToolSchemaError,
        ).message,
      ).toContain('Failed to parse the input schema');
      expect(() => ToolInputSchemaAugmenter.augmentToolInputSchema('[]', types)).toThrow(InvalidToolSchemaError);
    });

    it('should augment with the properties of an argument type end to end (Spring’s complete workflow)', () => {
      const original = JSON.stringify({
        type: 'object',
        properties: { productId: { type: 'integer', description: 'Product identifier' } },
        required: ['productId'],
      });

      const schema = augment(original, ...ToolInputSchemaAugmenter.toAugmentedArgumentTypes(AgentThinking, registry));

      expect(Object.keys(schema.properties)).toEqual(['productId', 'innerThought', 'confidence', 'plan', 'decidedAt']);
      expect(schema.required).toEqual(['productId', 'innerThought']);
      expect(schema.$defs).toEqual({ PlanStep: expect.any(Object) });
    });
  });
});
