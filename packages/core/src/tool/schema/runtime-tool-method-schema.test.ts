import { IsEmail, IsIn, IsOptional, Length, Min } from 'class-validator';
import { ToolContext } from '../../chat/model/tool-context';
import { Tool } from '../annotation/tool';
import { ToolParam } from '../annotation/tool-param';
import { ToolExecutionError } from '../execution/tool-execution-error';
import { findToolMethods } from '../method/find-tool-methods';
import { MethodToolCallbackProvider } from '../method/method-tool-callback-provider';
import { MissingToolSchemaError } from './missing-tool-schema-error';
import { parameterNames, runtimeToolMethodSchema } from './runtime-tool-method-schema';
import { ToolSchemaRegistry } from './tool-schema-registry';

class Signup {
  @IsEmail()
  email!: string;

  @Length(2, 20)
  name!: string;

  @IsIn(['free', 'pro'])
  @IsOptional()
  plan?: string;

  @Min(18)
  age!: number;
}

class TeamSignup extends Signup {
  @IsIn(['small', 'large'])
  teamSize!: string;

  @Length(2, 20)
  override name!: string;
}

class AccountTools {
  last: unknown[] = [];

  @Tool()
  rename(
    @ToolParam({ schema: { type: 'string', minLength: 1 }, description: 'New name' }) name: string,
    @ToolParam({ schema: { type: 'integer' }, required: false }) version: number,
    context: ToolContext,
  ): string {
    this.last = [name, version, context];
    return 'renamed';
  }

  @Tool()
  signup(@ToolParam({ type: Signup, name: 'request' }) request: Signup): string {
    this.last = [request];
    return 'ok';
  }

  @Tool()
  teamSignup(@ToolParam({ type: TeamSignup, name: 'request' }) request: TeamSignup): string {
    this.last = [request];
    return 'ok';
  }

  @Tool()
  undescribed(thing: { a: string }): string {
    return thing.a;
  }

  @Tool()
  plainString(text: string): string {
    return text;
  }
}

function entry(methodName: string) {
  const tools = new AccountTools();
  const method = findToolMethods(tools).find((m) => m.options.methodName === methodName);
  if (method === undefined) throw new Error(methodName);
  return runtimeToolMethodSchema(tools, method);
}

describe(runtimeToolMethodSchema, () => {
  describe('when every parameter has a @ToolParam schema or is a ToolContext', () => {
    it('should build the entry from them and the source parameter names', () => {
      expect(entry('rename')).toEqual({
        className: 'AccountTools',
        methodName: 'rename',
        sourceFile: '<runtime>',
        parameters: [
          { name: 'name', index: 0, kind: 'argument', optional: false },
          { name: 'version', index: 1, kind: 'argument', optional: true },
          { name: 'context', index: 2, kind: 'toolContext', optional: false },
        ],
        inputSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1, description: 'New name' },
            version: { type: 'integer' },
          },
          required: ['name'],
          additionalProperties: false,
        },
        returnsVoid: false,
      });
    });
  });

  describe('when a parameter is a class-validator class', () => {
    it('should build an object schema from its decorators', () => {
      expect(entry('signup')?.inputSchema).toEqual({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: {
          Signup: {
            type: 'object',
            properties: {
              email: { type: 'string', format: 'email' },
              name: { type: 'string', minLength: 2, maxLength: 20 },
              plan: { type: 'string', enum: ['free', 'pro'] },
              age: { type: 'number', minimum: 18 },
            },
            required: ['email', 'name', 'age'],
            additionalProperties: false,
          },
        },
        properties: { request: { $ref: '#/$defs/Signup' } },
        required: ['request'],
        additionalProperties: false,
      });
    });
  });

  describe('when a class-validator class extends another', () => {
    it("should list the base class's properties first, an override where the base put it", () => {
      const defs = entry('teamSignup')?.inputSchema.$defs as Record<string, { properties: object; required: string[] }>;
      expect(Object.keys(defs.TeamSignup.properties)).toEqual(['email', 'name', 'plan', 'age', 'teamSize']);
      expect(defs.TeamSignup.required).toEqual(['email', 'name', 'age', 'teamSize']);
    });
  });

  describe('when a parameter has no explicit runtime description', () => {
    it('should give up, even when decorator metadata knows the type (the missing manifest entry is reported)', () => {
      expect(entry('undescribed')).toBeUndefined();
      expect(entry('plainString')).toBeUndefined();
      expect(() =>
        MethodToolCallbackProvider.builder()
          .toolObjects(new AccountTools())
          .schemaRegistry(new ToolSchemaRegistry().enableRuntimeFallback())
          .build(),
      ).toThrow(MissingToolSchemaError);
    });
  });
});

describe(MethodToolCallbackProvider, () => {
  describe('when methods have no manifest entry but runtime descriptions', () => {
    class RuntimeOnlyTools {
      last: unknown[] = [];

      @Tool({ description: 'Signs a user up' })
      signup(@ToolParam({ type: Signup }) request: Signup): string {
        this.last = [request];
        return `welcome ${request.name}`;
      }
    }

    it('should fail when the registry does not allow the runtime fallback', () => {
      expect(() =>
        MethodToolCallbackProvider.builder()
          .toolObjects(new RuntimeOnlyTools())
          .schemaRegistry(new ToolSchemaRegistry())
          .build(),
      ).toThrow(MissingToolSchemaError);
    });

    it('should run them with validation and class conversion when it does', async () => {
      const tools = new RuntimeOnlyTools();
      const [callback] = MethodToolCallbackProvider.builder()
        .toolObjects(tools)
        .schemaRegistry(new ToolSchemaRegistry().enableRuntimeFallback())
        .build()
        .getToolCallbacks();
      await expect(callback.call('{"request":{"email":"a@b.co","name":"Ann","age":"30"}}')).resolves.toBe(
        '"welcome Ann"',
      );
      expect(tools.last[0]).toBeInstanceOf(Signup);
      await expect(callback.call('{"request":{"email":"x","name":"A","age":3}}')).rejects.toThrow(ToolExecutionError);
    });
  });
});

describe(parameterNames, () => {
  it('should read names, skipping defaults, comments and destructuring', () => {
    function sample(a: number, /* b */ b = 'x, y', { c }: { c: number } = { c: 1 }, ...rest: number[]): number {
      return a + b.length + c + rest.length;
    }
    expect(parameterNames(sample as (...args: unknown[]) => unknown)).toEqual(['a', 'b', undefined, 'rest']);
  });
});
