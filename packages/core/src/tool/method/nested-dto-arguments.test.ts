import { errorOf } from '@sprout-ai/test';
import { Type } from 'class-transformer';
import { Contains, IsString, ValidateNested } from 'class-validator';
import { toolDefinition } from '../definition/tool-definition';
import { Tool } from '../annotation/tool';
import { ToolParam } from '../annotation/tool-param';
import type { InvalidToolArgumentsError } from '../execution/invalid-tool-arguments-error';
import { ToolExecutionError } from '../execution/tool-execution-error';
import type { ToolMethodSchema } from '../schema/tool-schema-manifest';
import { MethodToolCallback } from './method-tool-callback';

/** `@Contains` has no JSON Schema keyword: only class-validator enforces it. */
class Guest {
  @IsString()
  name!: string;

  @Contains('ACME')
  company!: string;
}

/** Nested DTOs with both decorators, as sprout-schema requires. */
class Party {
  @IsString()
  title!: string;

  @ValidateNested()
  @Type(() => Guest)
  host!: Guest;

  @ValidateNested({ each: true })
  @Type(() => Guest)
  guests!: Guest[];
}

class PartyTools {
  received: unknown[] = [];

  @Tool()
  plan(party: Party): string {
    this.received = [party];
    return 'planned';
  }

  @Tool()
  invite(guest?: Guest): string {
    this.received = [guest];
    return 'invited';
  }

  @Tool()
  replaceHost(@ToolParam({ type: Guest }) host: Guest | null): string {
    this.received = [host];
    return 'replaced';
  }

  /** sprout-schema rejects this parameter: design:paramtypes records Object for the union. */
  @Tool()
  replaceHostUnnamed(host: Guest | null): string {
    this.received = [host];
    return 'replaced';
  }
}

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';
const GUEST = {
  type: 'object',
  properties: { name: { type: 'string' }, company: { type: 'string' } },
  required: ['name', 'company'],
  additionalProperties: false,
};

function entry(methodName: string, name: string, property: object, required: boolean): ToolMethodSchema {
  return {
    className: 'PartyTools',
    methodName,
    sourceFile: 'party-tools.ts',
    parameters: [{ name, index: 0, kind: 'argument', optional: !required }],
    inputSchema: {
      $schema: DRAFT,
      type: 'object',
      $defs: {
        ...(methodName === 'plan'
          ? {
              Party: {
                type: 'object',
                properties: {
                  title: { type: 'string' },
                  host: { $ref: '#/$defs/Guest' },
                  guests: { type: 'array', items: { $ref: '#/$defs/Guest' } },
                },
                required: ['title', 'host', 'guests'],
                additionalProperties: false,
              },
            }
          : {}),
        Guest: GUEST,
      },
      properties: { [name]: property },
      required: required ? [name] : [],
      additionalProperties: false,
    },
    returnsVoid: false,
  };
}

/** What sprout-schema writes for PartyTools, descriptions left out (packages/schema runs the same shapes end to end from its __fixtures__/dto). */
const schemas: Record<string, ToolMethodSchema> = {
  plan: entry('plan', 'party', { $ref: '#/$defs/Party' }, true),
  invite: entry('invite', 'guest', { $ref: '#/$defs/Guest' }, false),
  replaceHost: entry('replaceHost', 'host', { anyOf: [{ $ref: '#/$defs/Guest' }, { type: 'null' }] }, true),
  replaceHostUnnamed: entry(
    'replaceHostUnnamed',
    'host',
    { anyOf: [{ $ref: '#/$defs/Guest' }, { type: 'null' }] },
    true,
  ),
};

function callback(tools: PartyTools, methodName: string): MethodToolCallback {
  const methodSchema = schemas[methodName];
  return MethodToolCallback.builder()
    .toolDefinition(toolDefinition({ name: methodName, inputSchema: JSON.stringify(methodSchema.inputSchema) }))
    .toolObject(tools)
    .toolMethodName(methodName)
    .methodSchema(methodSchema)
    .build();
}

const ann = { name: 'Ann', company: 'ACME Corp' };
const bob = { name: 'Bob', company: 'ACME Ltd' };

describe(MethodToolCallback, () => {
  describe('.call', () => {
    describe('when a DTO property is another DTO with @ValidateNested() and @Type(() => X)', () => {
      it('should pass an instance whose nested DTOs are instances too, in arrays as well', async () => {
        const tools = new PartyTools();
        await callback(tools, 'plan').call(JSON.stringify({ party: { title: 'Launch', host: ann, guests: [bob] } }));
        const [party] = tools.received as [Party];
        expect(party).toBeInstanceOf(Party);
        expect(party.host).toBeInstanceOf(Guest);
        expect(party.guests[0]).toBeInstanceOf(Guest);
        expect(party.guests[0]).toEqual(bob);
      });

      it('should enforce the nested class-validator rules the schema cannot express, naming each field', async () => {
        const tools = new PartyTools();
        const party = {
          title: 'Launch',
          host: { ...ann, company: 'Initech' },
          guests: [bob, { ...bob, company: 'Globex' }],
        };
        const call = callback(tools, 'plan').call(JSON.stringify({ party }));
        const error = await errorOf(call, ToolExecutionError);
        expect((error.cause as InvalidToolArgumentsError).violations).toEqual([
          '/party/host/company must contain a ACME string (contains)',
          '/party/guests/1/company must contain a ACME string (contains)',
        ]);
        expect(tools.received).toEqual([]);
      });
    });

    describe('when a DTO parameter is optional', () => {
      it('should convert and validate it (design:paramtypes names the class), and pass undefined when absent', async () => {
        const tools = new PartyTools();
        await callback(tools, 'invite').call(JSON.stringify({ guest: ann }));
        expect(tools.received[0]).toBeInstanceOf(Guest);
        await expect(
          callback(tools, 'invite').call(JSON.stringify({ guest: { ...ann, company: 'Initech' } })),
        ).rejects.toThrow('/guest/company must contain a ACME string (contains)');
        await callback(tools, 'invite').call('{}');
        expect(tools.received).toEqual([undefined]);
      });
    });

    describe('when a DTO parameter is T | null', () => {
      it('should convert and validate it when @ToolParam({ type }) names the class, passing null through', async () => {
        const tools = new PartyTools();
        await callback(tools, 'replaceHost').call(JSON.stringify({ host: bob }));
        expect(tools.received[0]).toBeInstanceOf(Guest);
        await callback(tools, 'replaceHost').call('{"host":null}');
        expect(tools.received).toEqual([null]);
        await expect(
          callback(tools, 'replaceHost').call(JSON.stringify({ host: { ...bob, company: 'Globex' } })),
        ).rejects.toThrow('/host/company must contain a ACME string (contains)');
      });

      it('should leave it a plain object without @ToolParam({ type }) (why sprout-schema rejects that parameter)', async () => {
        const tools = new PartyTools();
        await callback(tools, 'replaceHostUnnamed').call(JSON.stringify({ host: { ...bob, company: 'Globex' } }));
        expect(tools.received[0]).not.toBeInstanceOf(Guest);
      });
    });
  });
});
