import 'reflect-metadata';
import { IsIn } from 'class-validator';
import { ConfigurationError } from '../error/configuration-error';
import { ToolSchemaRegistry } from '../tool/schema/tool-schema-registry';
import { BeanOutputConverter } from './bean-output-converter';
import { StructuredOutputValidationError } from './structured-output-validation-error';

class Reply {
  @IsIn(['yes', 'no'])
  answer!: string;
  decidedAt!: Date;
  describe(): string {
    return `${this.answer} at ${this.decidedAt.toISOString()}`;
  }
}

function registry(): ToolSchemaRegistry {
  return new ToolSchemaRegistry().register({
    version: 1,
    generator: 'test',
    tools: {},
    outputTypes: {
      Reply: {
        typeName: 'Reply',
        sourceFile: 'reply.ts',
        schema: {
          type: 'object',
          properties: { answer: { type: 'string' }, decidedAt: { type: 'string', format: 'date-time' } },
          required: ['answer', 'decidedAt'],
          additionalProperties: false,
        },
        dateSchemaPaths: ['#/properties/decidedAt'],
      },
    },
  });
}

describe(BeanOutputConverter, () => {
  describe('.convert', () => {
    it('should make an instance of the class from a fenced JSON answer, with its Dates', async () => {
      const converter = new BeanOutputConverter(Reply, { registry: registry() });
      const reply = await converter.convert('```json\n{"answer":"yes","decidedAt":"2026-12-01T10:00:00Z"}\n```');
      expect(reply).toBeInstanceOf(Reply);
      expect(reply.describe()).toBe('yes at 2026-12-01T10:00:00.000Z');
    });

    it('should give a plain object for a type named by a string', async () => {
      const converter = new BeanOutputConverter<{ answer: string }>('Reply', { registry: registry() });
      const reply = await converter.convert('{"answer":"no","decidedAt":"2026-12-01T10:00:00Z"}');
      expect(reply).toEqual({ answer: 'no', decidedAt: new Date('2026-12-01T10:00:00Z') });
    });

    it('should throw a StructuredOutputValidationError with the answer and each schema violation', async () => {
      const converter = new BeanOutputConverter(Reply, { registry: registry() });
      const error = await converter.convert('{"answer":7}').catch((e: unknown) => e);
      expect(StructuredOutputValidationError.isInstance(error)).toBe(true);
      const failure = error as StructuredOutputValidationError;
      expect(failure.answer).toBe('{"answer":7}');
      expect(failure.violations).toEqual(["(root) must have required property 'decidedAt'", '/answer must be string']);
    });

    it('should report class-validator rules of the class', async () => {
      const converter = new BeanOutputConverter(Reply, { registry: registry() });
      const result = await converter.validate('{"answer":"maybe","decidedAt":"2026-12-01T10:00:00Z"}');
      expect(result).toEqual({ ok: false, violations: [expect.stringMatching(/^\/answer .*\(isIn\)$/)] });
    });

    it('should report an answer that is not JSON', async () => {
      const converter = new BeanOutputConverter(Reply, { registry: registry() });
      const result = await converter.validate('It shipped yesterday.');
      expect(result.ok).toBe(false);
    });
  });

  describe('when the type has no schema in the manifest', () => {
    it('should fail naming the type and the fix', () => {
      class Unknown {}
      expect(() => new BeanOutputConverter(Unknown, { registry: registry() })).toThrow(ConfigurationError);
      expect(() => new BeanOutputConverter(Unknown, { registry: registry() })).toThrow(/@structuredOutput/);
    });
  });

  describe('.format', () => {
    it('should carry the schema, named by the type', () => {
      const converter = new BeanOutputConverter(Reply, { registry: registry() });
      expect(converter.format).toContain('Your response should be in JSON format.');
      expect(converter.format).toContain(converter.jsonSchema);
      expect(JSON.parse(converter.jsonSchema)).toMatchObject({ title: 'Reply', type: 'object' });
    });
  });
});
