import { captureLogLines, errorOf } from '@sprout-ai/test';
import { ToolContext } from '../../chat/model/tool-context';
import { Media } from '../../content/media';
import { ConfigurationError } from '../../error/configuration-error';
import { toolDefinition } from '../definition/tool-definition';
import { InvalidToolArgumentsError } from '../execution/invalid-tool-arguments-error';
import type { PreparedToolArguments } from '../execution/prepared-tool-arguments';
import { ToolExecutionError } from '../execution/tool-execution-error';
import { FunctionToolCallback } from '../function/function-tool-callback';
import { MethodToolCallbackProvider } from '../method/method-tool-callback-provider';
import { declareOrderTools, orderToolsManifest } from '../method/__fixtures__/order-tools';
import { ToolSchemaRegistry } from '../schema/tool-schema-registry';
import type { ToolCallback } from '../tool-callback';
import type { AugmentedArgumentEvent } from './augmented-argument-event';
import { AugmentedToolCallback } from './augmented-tool-callback';
import { AgentThinking, argumentTypesManifest, SimpleArguments } from './__fixtures__/agent-thinking';

/** The parts of an augmented schema the tests read. */
interface AugmentedSchema {
  readonly properties: Record<string, Record<string, unknown>>;
  readonly required?: string[];
  readonly $defs?: Record<string, unknown>;
  readonly [keyword: string]: unknown;
}

const registry = new ToolSchemaRegistry().register(argumentTypesManifest).register(orderToolsManifest);

const PRODUCT_SCHEMA = {
  type: 'object',
  properties: { productId: { type: 'integer', description: 'Product identifier' } },
  required: ['productId'],
  additionalProperties: false,
};

/** A function tool that records what it receives. */
function productTool(received: unknown[], options: { returnDirect?: boolean; strict?: boolean } = {}) {
  const builder = FunctionToolCallback.builder('productTool', (input: Record<string, unknown>) => {
    received.push(input);
    return 'Product processed successfully';
  })
    .description('Product management tool')
    .inputSchema(PRODUCT_SCHEMA)
    .toolMetadata({
      returnDirect: options.returnDirect ?? false,
      concurrency: 'exclusive',
      timeoutMs: 250,
      maxResultChars: 80,
    });
  if (options.strict !== undefined) builder.strict(options.strict);
  return builder.build();
}

function augmented<T>(
  delegate: ToolCallback,
  argumentType: abstract new (...args: never[]) => T,
  options: Partial<ConstructorParameters<typeof AugmentedToolCallback<T>>[0]> = {},
) {
  return new AugmentedToolCallback<T>({ delegate, argumentType, schemaRegistry: registry, ...options });
}

const THINKING_INPUT = JSON.stringify({
  productId: 12345,
  innerThought: 'The user named product 12345',
  confidence: 'high',
  plan: [{ action: 'look it up' }],
  decidedAt: '2026-12-01T10:00:00.000Z',
});

describe(AugmentedToolCallback, () => {
  describe('constructor', () => {
    it('should keep the name and description and add the argument type’s properties to the schema', () => {
      const callback = augmented(productTool([]), AgentThinking);
      const schema = JSON.parse(callback.toolDefinition.inputSchema) as AugmentedSchema;

      expect(callback.toolDefinition).toMatchObject({ name: 'productTool', description: 'Product management tool' });
      expect(Object.keys(schema.properties)).toEqual(['productId', 'innerThought', 'confidence', 'plan', 'decidedAt']);
      expect(schema.properties.innerThought).toEqual({
        type: 'string',
        description: 'Your reasoning for calling this tool',
      });
      expect(schema.required).toEqual(['productId', 'innerThought']);
      expect(schema.additionalProperties).toBe(false);
      expect(schema.$defs).toEqual({ PlanStep: expect.objectContaining({ type: 'object' }) });
    });

    it("should keep the delegate's metadata, returnDirect included (Spring's wrapper drops it), and strict", () => {
      const callback = augmented(productTool([], { returnDirect: true, strict: true }), AgentThinking);

      expect(callback.toolMetadata).toEqual({
        returnDirect: true,
        concurrency: 'exclusive',
        timeoutMs: 250,
        maxResultChars: 80,
      });
      expect(callback.toolDefinition.strict).toBe(true);
      expect(callback.source).toBe('FunctionToolCallback(productTool), augmented with AgentThinking');
    });

    it('should fail when a field has the name of a tool parameter, naming both', () => {
      const clashing = FunctionToolCallback.builder('explain', () => 'ok')
        .inputSchema({ type: 'object', properties: { innerThought: { type: 'string' } } })
        .build();

      const error = errorOf(() => augmented(clashing, AgentThinking), ConfigurationError);
      expect(error.message).toBe(
        "The augmented argument AgentThinking.innerThought has the name of parameter 'innerThought' of tool 'explain' (FunctionToolCallback(explain)); " +
          "the model could not tell them apart. Rename the property of AgentThinking or the tool's parameter.",
      );
      expect(error.value).toBe('AgentThinking.innerThought');
    });

    it('should fail for a missing delegate', () => {
      expect(errorOf(() => augmented(undefined as never, AgentThinking), ConfigurationError).message).toContain(
        'needs the ToolCallback to wrap',
      );
    });
  });

  describe('.call', () => {
    it('should hand the consumer an instance of the argument type and the tool only its own arguments', async () => {
      const received: unknown[] = [];
      const events: AugmentedArgumentEvent<AgentThinking>[] = [];
      const callback = augmented(productTool(received), AgentThinking, {
        argumentConsumer: (event) => void events.push(event),
      });

      await expect(callback.call(THINKING_INPUT)).resolves.toBe('"Product processed successfully"');

      expect(received).toEqual([{ productId: 12345 }]);
      expect(events).toHaveLength(1);
      const [event] = events;
      expect(event.toolDefinition).toBe(callback.toolDefinition);
      expect(event.rawInput).toBe(THINKING_INPUT);
      expect(event.arguments).toBeInstanceOf(AgentThinking);
      expect(event.arguments.summary()).toBe('high: The user named product 12345');
      expect(event.arguments.plan?.[0].action).toBe('look it up');
      expect(event.arguments.decidedAt).toEqual(new Date('2026-12-01T10:00:00.000Z'));
    });

    it('should pass the fields through to the tool when removeExtraArgumentsAfterProcessing is false', async () => {
      const received: unknown[] = [];
      const callback = augmented(productTool(received), SimpleArguments, {
        argumentConsumer: () => undefined,
        removeExtraArgumentsAfterProcessing: false,
      });

      await callback.call('{"productId": 7, "value": "Special Product"}');

      expect(received).toEqual([{ productId: 7, value: 'Special Product' }]);
    });

    it('should run a @Tool method with its own parameters and the tool context', async () => {
      const { OrderTools } = declareOrderTools();
      const tools = new OrderTools();
      const [getOrderStatus] = MethodToolCallbackProvider.builder()
        .toolObjects(tools)
        .schemaRegistry(registry)
        .build()
        .getToolCallbacks();
      const thoughts: string[] = [];
      const callback = augmented(getOrderStatus, AgentThinking, {
        argumentConsumer: ({ arguments: thinking }) => void thoughts.push(thinking.innerThought),
      });
      const context = new ToolContext({ userId: 'u7' });

      await expect(callback.call('{"orderId":"A123","innerThought":"asked about A123"}', context)).resolves.toBe(
        '"A123:shipped:u7"',
      );

      expect(thoughts).toEqual(['asked about A123']);
      expect(tools.calls).toEqual([['A123', context]]);
    });

    it('should await an async consumer before the tool runs', async () => {
      const order: string[] = [];
      const tool = FunctionToolCallback.builder('step', () => void order.push('tool')).build();
      const callback = augmented(tool, SimpleArguments, {
        argumentConsumer: async () => {
          await new Promise((resolve) => setImmediate(resolve));
          order.push('consumer');
        },
      });

      await callback.call('{"value":"x"}');

      expect(order).toEqual(['consumer', 'tool']);
    });

    it('should report a missing required field and an invalid one to the model, without the consumer or the tool', async () => {
      const received: unknown[] = [];
      const consumer = jest.fn();
      const callback = augmented(productTool(received), AgentThinking, { argumentConsumer: consumer });

      const error = await errorOf(callback.call('{"productId":"x","confidence":"certain"}'), ToolExecutionError);

      expect(error.cause).toBeInstanceOf(InvalidToolArgumentsError);
      expect(error.message).toContain("Invalid arguments for tool 'productTool'");
      expect(error.message).toContain("must have required property 'innerThought'");
      expect(error.message).toContain('/productId must be integer');
      expect(error.message).toContain('/confidence must be equal to one of the allowed values');
      expect(consumer).not.toHaveBeenCalled();
      expect(received).toEqual([]);
    });

    it("should report the argument type's class-validator rules with the schema's violations in one message", async () => {
      const consumer = jest.fn();
      const schemaOnly = new ToolSchemaRegistry().register({
        ...argumentTypesManifest,
        argumentTypes: {
          AgentThinking: {
            ...argumentTypesManifest.argumentTypes!.AgentThinking,
            // As if the schema had no minLength: class-validator's @MinLength still holds.
            inputSchema: JSON.parse(
              JSON.stringify(argumentTypesManifest.argumentTypes!.AgentThinking.inputSchema).replace(
                '"minLength":3,',
                '',
              ),
            ) as Record<string, unknown>,
          },
        },
      });
      const callback = augmented(productTool([]), AgentThinking, {
        argumentConsumer: consumer,
        schemaRegistry: schemaOnly,
      });

      const error = await errorOf(
        callback.call('{"productId":"x","innerThought":"t","plan":[{"action":"go"}]}'),
        ToolExecutionError,
      );

      expect(error.message).toContain('/productId must be integer');
      expect(error.message).toContain('/plan/0/action must be longer than or equal to 3 characters (minLength)');
      expect(consumer).not.toHaveBeenCalled();
    });

    it('should report unusable arguments without calling anyone', async () => {
      const consumer = jest.fn();
      const callback = augmented(productTool([]), SimpleArguments, { argumentConsumer: consumer });

      const error = await errorOf(callback.call('{"productId": 1, "value": '), ToolExecutionError);

      expect(error.message).toContain("Invalid arguments for tool 'productTool'");
      expect(consumer).not.toHaveBeenCalled();
    });
  });

  describe('when the consumer throws', () => {
    it('should log it at warn and still run the tool', async () => {
      const received: unknown[] = [];
      const callback = augmented(productTool(received), SimpleArguments, {
        argumentConsumer: () => {
          throw new Error('memory store down');
        },
      });
      const logs = captureLogLines();
      try {
        await expect(callback.call('{"productId":3,"value":"v"}')).resolves.toBe('"Product processed successfully"');
        expect(await logs.records()).toContainEqual(
          expect.objectContaining({
            level: 40,
            toolName: 'productTool',
            msg: "The argument consumer of tool 'productTool' failed (memory store down); the tool runs anyway",
          }),
        );
      } finally {
        logs.restore();
      }
      expect(received).toEqual([{ productId: 3 }]);
    });

    it('should fail the call instead, without running the tool, when failOnConsumerError is set', async () => {
      const received: unknown[] = [];
      const rejection = new Error('no reasoning, no action');
      const callback = augmented(productTool(received), SimpleArguments, {
        argumentConsumer: () => Promise.reject(rejection),
        failOnConsumerError: true,
      });

      const error = await errorOf(callback.call('{"productId":3,"value":"v"}'), ToolExecutionError);

      expect(error.cause).toBe(rejection);
      expect(error.message).toBe(
        "The augmented arguments of tool 'productTool' were rejected: no reasoning, no action",
      );
      expect(received).toEqual([]);
    });
  });

  describe('.prepareArguments and .callPrepared', () => {
    /** A delegate with the prepared pair that records what it is given. */
    function preparedDelegate() {
      const prepared: PreparedToolArguments[] = [];
      const delegate: ToolCallback = {
        toolDefinition: toolDefinition({ name: 'lookup', inputSchema: JSON.stringify(PRODUCT_SCHEMA) }),
        toolMetadata: { returnDirect: false },
        call: () => Promise.reject(new Error('call() must not be used')),
        prepareArguments: jest.fn(() => {
          throw new Error('the delegate must not parse again');
        }),
        callPrepared: (args) => {
          prepared.push(args);
          return Promise.resolve('done');
        },
      };
      return { delegate, prepared };
    }

    it('should prepare once against the augmented schema and hand the delegate the prepared value without the fields', async () => {
      const { delegate, prepared } = preparedDelegate();
      const callback = augmented(delegate, SimpleArguments, { argumentConsumer: () => undefined });

      const args = callback.prepareArguments('{"productId":"5","value":"v"}');
      await callback.callPrepared(args, new ToolContext());

      expect(args).toMatchObject({ value: { productId: 5, value: 'v' }, validated: true, violations: [] });
      expect(delegate.prepareArguments).not.toHaveBeenCalled();
      expect(prepared).toHaveLength(1);
      expect(prepared[0]).toMatchObject({ raw: '{"productId":5}', text: '{"productId":5}', value: { productId: 5 } });
    });

    it('should hand a delegate the violations with the arguments, so it reports them in its one message', async () => {
      const { delegate, prepared } = preparedDelegate();
      const callback = augmented(delegate, SimpleArguments, { argumentConsumer: () => undefined });

      await callback.callPrepared(callback.prepareArguments('{"productId":5}'), new ToolContext());

      expect(prepared[0].violations).toEqual(["(root) must have required property 'value'"]);
      expect(prepared[0].value).toEqual({ productId: 5 });
    });

    it('should pass a delegate’s media and structured value through callPreparedForResult', async () => {
      const { delegate } = preparedDelegate();
      const photo = new Media({ mimeType: 'image/png', data: Buffer.from([1]) });
      const withMedia: ToolCallback = {
        ...delegate,
        callPreparedForResult: () => Promise.resolve({ text: '[image]', media: [photo], structuredContent: { a: 1 } }),
      };
      const callback = augmented(withMedia, SimpleArguments, { argumentConsumer: () => undefined });
      const args = () => callback.prepareArguments('{"productId":5,"value":"v"}');

      expect(await callback.callPreparedForResult(args(), new ToolContext())).toEqual({
        text: '[image]',
        media: [photo],
        structuredContent: { a: 1 },
      });
      expect(await callback.callPrepared(args(), new ToolContext())).toBe('done');
      expect(await augmented(delegate, SimpleArguments).callPreparedForResult(args(), new ToolContext())).toEqual({
        text: 'done',
      });
    });

    it('should call a delegate without the pair with the text of its own arguments', async () => {
      const inputs: string[] = [];
      const plain: ToolCallback = {
        toolDefinition: toolDefinition({ name: 'plain', inputSchema: JSON.stringify(PRODUCT_SCHEMA) }),
        toolMetadata: { returnDirect: false },
        call: (input) => {
          inputs.push(input);
          return Promise.resolve('ok');
        },
      };
      const callback = augmented(plain, SimpleArguments, { argumentConsumer: () => undefined });

      await callback.call('{"productId":5,"value":"v"}');
      const error = await errorOf(callback.call('{"productId":5}'), ToolExecutionError);

      expect(inputs).toEqual(['{"productId":5}']);
      expect(error.message).toContain("must have required property 'value'");
    });
  });
});
