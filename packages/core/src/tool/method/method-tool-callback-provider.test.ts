import { captureLogLines, errorOf } from '@sprout-ai/test';
import { ToolContext } from '../../chat/model/tool-context';
import { ConfigurationError } from '../../error/configuration-error';
import { ToolMethodNotFoundError } from '../support/tool-method-not-found-error';
import { Tool } from '../annotation/tool';
import type { ToolCallResultConverter } from '../execution/tool-call-result-converter';
import { MissingToolSchemaError } from '../schema/missing-tool-schema-error';
import { ToolSchemaRegistry } from '../schema/tool-schema-registry';
import type { ToolSchemaManifest } from '../schema/tool-schema-manifest';
import { DuplicateToolNameError } from '../support/duplicate-tool-name-error';
import type { ToolCallback } from '../tool-callback';
import { MethodToolCallbackProvider } from './method-tool-callback-provider';
import { declareOrderTools, orderToolsManifest } from './__fixtures__/order-tools';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

function noArgEntry(className: string, methodName: string) {
  return {
    className,
    methodName,
    sourceFile: 'src/tools.ts',
    parameters: [],
    inputSchema: { $schema: DRAFT, type: 'object', properties: {}, required: [], additionalProperties: false },
    returnsVoid: false,
  };
}

function manifestOf(...entries: ReturnType<typeof noArgEntry>[]): ToolSchemaManifest {
  return {
    version: 1,
    generator: 'hand-written@test',
    tools: Object.fromEntries(entries.map((e) => [`${e.className}.${e.methodName}`, e])),
  };
}

function byName(callbacks: readonly ToolCallback[], name: string): ToolCallback {
  const found = callbacks.find((c) => c.toolDefinition.name === name);
  if (found === undefined) throw new Error(`no tool ${name}`);
  return found;
}

function schemaOf(callback: ToolCallback): Record<string, unknown> {
  return JSON.parse(callback.toolDefinition.inputSchema) as Record<string, unknown>;
}

class OrderStatusTools {
  @Tool({ description: 'Order status' })
  getStatus(): string {
    return 'order';
  }
}

class ShippingStatusTools {
  @Tool({ description: 'Shipping status' })
  getStatus(): string {
    return 'shipping';
  }
}

class BaseTools {
  @Tool({ description: 'Parent greeting' })
  greet(): string {
    return 'parent';
  }

  @Tool({ description: 'Inherited' })
  ping(): string {
    return `pong from ${this.constructor.name}`;
  }
}

class ChildTools extends BaseTools {
  @Tool({ description: 'Child greeting' })
  override greet(): string {
    return 'child';
  }

  get status(): string {
    return 'accessor';
  }
}

class PlainService {
  helper(): string {
    return 'nothing';
  }
}

class UpperCaseConverter implements ToolCallResultConverter {
  static instances = 0;
  constructor() {
    UpperCaseConverter.instances += 1;
  }
  convert(result: unknown): string {
    return JSON.stringify(String(result).toUpperCase());
  }
}

class ConvertedTools {
  @Tool({ resultConverter: UpperCaseConverter })
  first(): string {
    return 'one';
  }

  @Tool({ resultConverter: UpperCaseConverter })
  second(): string {
    return 'two';
  }

  @Tool({ resultConverter: { convert: (result: unknown) => `<${String(result)}>` } })
  third(): string {
    return 'three';
  }
}

describe(MethodToolCallbackProvider, () => {
  const { OrderTools } = declareOrderTools();
  const registry = new ToolSchemaRegistry()
    .register(orderToolsManifest)
    .register(
      manifestOf(
        noArgEntry('OrderStatusTools', 'getStatus'),
        noArgEntry('ShippingStatusTools', 'getStatus'),
        noArgEntry('BaseTools', 'greet'),
        noArgEntry('BaseTools', 'ping'),
        noArgEntry('ChildTools', 'greet'),
        noArgEntry('ConvertedTools', 'first'),
        noArgEntry('ConvertedTools', 'second'),
        noArgEntry('ConvertedTools', 'third'),
      ),
    );
  const provide = (...objects: object[]) =>
    MethodToolCallbackProvider.builder()
      .toolObjects(...objects)
      .schemaRegistry(registry)
      .build()
      .getToolCallbacks();

  describe('.getToolCallbacks', () => {
    describe('when the object has @Tool methods', () => {
      const callbacks = provide(new OrderTools());

      it('should return one callback per @Tool method, named by @Tool name or method name', () => {
        expect(callbacks.map((c) => c.toolDefinition.name).sort()).toEqual(
          ['createTicket', 'failing', 'getOrderStatus', 'listOrders', 'scheduleDelivery', 'setAlarm'].sort(),
        );
      });

      it('should name each callback source ClassName.methodName', () => {
        expect(byName(callbacks, 'scheduleDelivery').source).toBe('OrderTools.schedule');
      });

      it('should take the description from @Tool, else from the manifest TSDoc, else the method name', () => {
        expect(byName(callbacks, 'getOrderStatus').toolDefinition.description).toBe('Status of an order');
        expect(byName(callbacks, 'listOrders').toolDefinition.description).toBe(
          'Lists the orders of the current user.',
        );
        expect(byName(callbacks, 'scheduleDelivery').toolDefinition.description).toBe('schedule');
      });

      it('should let @ToolParam description replace the TSDoc description and leave ToolContext out', () => {
        expect(schemaOf(byName(callbacks, 'getOrderStatus'))).toEqual({
          $schema: DRAFT,
          type: 'object',
          properties: { orderId: { type: 'string', description: 'The order id, e.g. A123' } },
          required: ['orderId'],
          additionalProperties: false,
        });
      });

      it('should apply @ToolParam required flags, keeping parameter order in required', () => {
        const schema = schemaOf(byName(callbacks, 'scheduleDelivery'));
        expect(schema.required).toEqual(['orderId', 'note']);
        expect(Object.keys(schema.properties as object)).toEqual(['orderId', 'when', 'note']);
        expect(schema.additionalProperties).toBe(false);
      });

      it('should not change the manifest entry when merging @ToolParam options', () => {
        expect(orderToolsManifest.tools['OrderTools.schedule'].inputSchema.required).toEqual(['orderId', 'when']);
      });

      it('should give frozen definitions whose schema text survives copying and serialising', () => {
        const definition = byName(callbacks, 'scheduleDelivery').toolDefinition;
        const text = definition.inputSchema;

        expect(Object.isFrozen(definition)).toBe(true);
        expect(text).toBe(byName(callbacks, 'scheduleDelivery').toolDefinition.inputSchema);
        expect({ ...definition }.inputSchema).toBe(text);
        expect(JSON.parse(JSON.stringify(definition))).toEqual({
          name: 'scheduleDelivery',
          description: 'schedule',
          inputSchema: text,
        });
      });

      it('should reject arguments that break the schema at the first call', async () => {
        await expect(byName(callbacks, 'getOrderStatus').call('{"orderId":7}')).rejects.toThrow(
          /^Invalid arguments for tool 'getOrderStatus': \/orderId must be string/,
        );
      });

      it('should set returnDirect from @Tool, default false', () => {
        expect(byName(callbacks, 'scheduleDelivery').toolMetadata.returnDirect).toBe(true);
        expect(byName(callbacks, 'listOrders').toolMetadata.returnDirect).toBe(false);
      });

      it('should inject the ToolContext at call time', async () => {
        const result = await byName(callbacks, 'getOrderStatus').call(
          '{"orderId":"A1"}',
          new ToolContext({ userId: 'u7' }),
        );
        expect(result).toBe('"A1:shipped:u7"');
      });
    });

    describe('when two objects have tools with the same name', () => {
      it('should throw DuplicateToolNameError naming the tool and both sources', () => {
        const error = errorOf(() => provide(new OrderStatusTools(), new ShippingStatusTools()), DuplicateToolNameError);
        expect(error.names).toEqual(['getStatus']);
        expect(error.sources).toEqual(['OrderStatusTools.getStatus', 'ShippingStatusTools.getStatus']);
        expect((error as Error).message).toContain(
          'Multiple tools with the same name (getStatus) found in sources: OrderStatusTools.getStatus, ShippingStatusTools.getStatus.',
        );
        expect((error as Error).message).toContain('@Tool({ name })');
      });
    });

    describe('when a subclass overrides a parent @Tool method', () => {
      const callbacks = provide(new ChildTools());

      it('should keep one tool per method name, with the subclass definition', () => {
        expect(callbacks.map((c) => c.toolDefinition.name).sort()).toEqual(['greet', 'ping']);
        expect(byName(callbacks, 'greet').toolDefinition.description).toBe('Child greeting');
      });

      it('should run the subclass method', async () => {
        expect(await byName(callbacks, 'greet').call('')).toBe('"child"');
      });

      it('should include inherited @Tool methods, run on the subclass instance', async () => {
        expect(await byName(callbacks, 'ping').call('{}')).toBe('"pong from ChildTools"');
      });
    });

    describe('when an object has no @Tool methods', () => {
      it('should throw ToolMethodNotFoundError naming the class and suggesting a ToolCallback', () => {
        const error = errorOf(() => provide(new PlainService()), ToolMethodNotFoundError);
        expect(error).toMatchObject({ className: 'PlainService', methodName: undefined });
        expect(error.message).toMatch(
          /^No @Tool methods found on PlainService\. Did you mean to pass a ToolCallback or ToolCallbackProvider\?/,
        );
      });
    });

    describe('when an element is not an object', () => {
      it('should throw a ConfigurationError naming its position', () => {
        expect(
          errorOf(() => provide(new OrderStatusTools(), null as unknown as object), ConfigurationError),
        ).toMatchObject({
          setting: 'toolObjects',
          value: null,
          message: 'Tool object #1 is null; pass instances of classes with @Tool methods.',
        });
      });
    });

    describe('when a @Tool method has no manifest entry', () => {
      it('should throw MissingToolSchemaError naming the class, the method and the fix', () => {
        const empty = new ToolSchemaRegistry();
        const error = errorOf(
          () => MethodToolCallbackProvider.builder().toolObjects(new OrderStatusTools()).schemaRegistry(empty).build(),
          MissingToolSchemaError,
        );
        expect(error).toMatchObject({ className: 'OrderStatusTools', methodName: 'getStatus' });
        expect(error.message).toContain('OrderStatusTools.getStatus');
        expect(error.message).toContain('No tool schema manifest has been loaded.');
        expect((error as Error).message).toContain('npm run build');
      });
    });

    describe('when @Tool names a resultConverter', () => {
      it('should instantiate a converter class once per provider and use it', async () => {
        UpperCaseConverter.instances = 0;
        const callbacks = provide(new ConvertedTools());
        expect(UpperCaseConverter.instances).toBe(1);
        expect(await byName(callbacks, 'first').call('')).toBe('"ONE"');
        expect(await byName(callbacks, 'second').call('')).toBe('"TWO"');
      });

      it('should use a converter instance as given', async () => {
        expect(await byName(provide(new ConvertedTools()), 'third').call('')).toBe('<three>');
      });
    });
  });

  describe('when constructed', () => {
    it('should check the tools without reading their manifest entries or building callbacks', () => {
      const reads: string[] = [];
      const watched = new ToolSchemaRegistry().register(
        manifestOf(
          ...['first', 'second', 'third'].map((methodName) => {
            const entry = noArgEntry('ConvertedTools', methodName);
            return new Proxy(entry, {
              get: (target, property, receiver) => {
                if (property !== 'className' && property !== 'methodName')
                  reads.push(`${methodName}.${String(property)}`);
                return Reflect.get(target, property, receiver) as unknown;
              },
            });
          }),
        ),
      );
      const provider = MethodToolCallbackProvider.builder()
        .toolObjects(new ConvertedTools())
        .schemaRegistry(watched)
        .build();
      expect(reads).toEqual([]);

      const callbacks = provider.getToolCallbacks();
      expect(callbacks.map((callback) => callback.toolDefinition.name)).toEqual(['first', 'second', 'third']);
      expect(provider.getToolCallbacks()).toBe(callbacks);
    });

    it('should warn about a tool name OpenAI would reject when the callbacks are built, not before', async () => {
      class SpacedNameTools {
        @Tool({ name: 'look up order' })
        lookUp(): string {
          return '';
        }
      }
      const logs = captureLogLines();
      const warnings = async () => (await logs.lines()).filter((line) => line.includes('look up order'));
      try {
        const provider = MethodToolCallbackProvider.builder()
          .toolObjects(new SpacedNameTools())
          .schemaRegistry(new ToolSchemaRegistry().register(manifestOf(noArgEntry('SpacedNameTools', 'lookUp'))))
          .build();
        expect(await warnings()).toEqual([]);

        provider.getToolCallbacks();
        provider.getToolCallbacks();
        expect(await warnings()).toHaveLength(1);
        expect(JSON.parse((await warnings())[0])).toMatchObject({
          level: 40,
          tool: 'look up order',
          msg: "Tool name 'look up order' does not match ^[a-zA-Z0-9_-]{1,64}$; some models reject it.",
        });
      } finally {
        logs.restore();
      }
    });

    it('should still fail at once for a duplicate name or a converter class that cannot be made', () => {
      class ThrowingConverter implements ToolCallResultConverter {
        constructor() {
          throw new Error('no configuration');
        }
        convert(): string {
          return '';
        }
      }
      class BrokenConverterTools {
        @Tool({ resultConverter: ThrowingConverter })
        broken(): string {
          return '';
        }
      }
      const own = new ToolSchemaRegistry().register(manifestOf(noArgEntry('BrokenConverterTools', 'broken')));
      expect(() =>
        MethodToolCallbackProvider.builder().toolObjects(new BrokenConverterTools()).schemaRegistry(own).build(),
      ).toThrow("Failed to instantiate the result converter ThrowingConverter of tool 'broken': no configuration.");
      expect(() =>
        MethodToolCallbackProvider.builder()
          .toolObjects(new OrderStatusTools(), new ShippingStatusTools())
          .schemaRegistry(registry)
          .build(),
      ).toThrow(DuplicateToolNameError);
    });
  });
});
