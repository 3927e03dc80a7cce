import { captureLogLines, errorOf } from '@sprout-ai/test';
import { UserMessage } from '../../chat/messages/user-message';
import type { ToolResponseMessage } from '../../chat/messages/tool-response-message';
import { Prompt } from '../../chat/prompt/prompt';
import { ConfigurationError } from '../../error/configuration-error';
import { DefaultToolCallingManager } from '../../model/tool/default-tool-calling-manager';
import { toolCall, toolCallResponse } from '../../model/tool/__fixtures__/fake-tool-callback';
import { FunctionToolCallback } from '../function/function-tool-callback';
import { declareOrderTools, orderToolsManifest } from '../method/__fixtures__/order-tools';
import { MissingToolSchemaError } from '../schema/missing-tool-schema-error';
import { ToolSchemaRegistry } from '../schema/tool-schema-registry';
import type { ToolCallback } from '../tool-callback';
import type { ToolCallbackProvider } from '../tool-callback-provider';
import type { AugmentedArgumentEvent } from './augmented-argument-event';
import { AugmentedToolCallback } from './augmented-tool-callback';
import { AugmentedToolCallbackProvider } from './augmented-tool-callback-provider';
import { AgentThinking, argumentTypesManifest, SimpleArguments } from './__fixtures__/agent-thinking';

const registry = new ToolSchemaRegistry().register(argumentTypesManifest).register(orderToolsManifest);

const echo = (
  name: string,
  options: { returnDirect?: boolean; timeoutMs?: number; run?: () => Promise<string> } = {},
) =>
  FunctionToolCallback.builder(name, (input): unknown => options.run?.() ?? input)
    .inputSchema({ type: 'object', properties: { text: { type: 'string' } } })
    .toolMetadata({ returnDirect: options.returnDirect ?? false, timeoutMs: options.timeoutMs })
    .build();

/** A provider whose callbacks can be replaced, as an MCP provider's are by a refresh. */
class ListProvider implements ToolCallbackProvider {
  constructor(public callbacks: readonly ToolCallback[]) {}
  getToolCallbacks(): readonly ToolCallback[] {
    return this.callbacks;
  }
}

const builder = () => AugmentedToolCallbackProvider.builder().schemaRegistry(registry);

describe(AugmentedToolCallbackProvider, () => {
  describe('.builder', () => {
    it('should require argumentType', () => {
      const error = errorOf(
        () =>
          builder()
            .delegate(new ListProvider([]))
            .argumentConsumer(() => undefined)
            .build(),
        ConfigurationError,
      );
      expect(error.message).toBe('argumentType is required: the class whose @ToolParam properties the model fills in.');
    });

    it('should require argumentConsumer', () => {
      const error = errorOf(
        () => builder().delegate(new ListProvider([])).argumentType(SimpleArguments).build(),
        ConfigurationError,
      );
      expect(error.message).toBe(
        'argumentConsumer is required: a function that receives each call’s augmented arguments.',
      );
    });

    it('should not allow both a delegate and a toolObject', () => {
      const error = errorOf(
        () =>
          builder()
            .delegate(new ListProvider([]))
            .toolObject({})
            .argumentType(SimpleArguments)
            .argumentConsumer(() => undefined)
            .build(),
        ConfigurationError,
      );
      expect(error.message).toContain('Cannot set both delegate and toolObject');
    });

    it('should require a delegate or a toolObject', () => {
      const error = errorOf(
        () =>
          builder()
            .argumentType(SimpleArguments)
            .argumentConsumer(() => undefined)
            .build(),
        ConfigurationError,
      );
      expect(error.message).toBe('Either delegate or toolObject must be set: the tools to augment.');
    });

    it('should fail at build when no manifest has the argument type, even before the delegate has tools', () => {
      class Unlisted {}
      const error = errorOf(
        () =>
          builder()
            .delegate(new ListProvider([]))
            .argumentType(Unlisted)
            .argumentConsumer(() => undefined)
            .build(),
        MissingToolSchemaError,
      );
      expect(error.className).toBe('Unlisted');
    });

    it('should fail at build when a field clashes with a parameter of one of the tools, naming both', () => {
      const explain = FunctionToolCallback.builder('explain', () => 'ok')
        .inputSchema({ type: 'object', properties: { value: { type: 'string' } } })
        .build();

      const error = errorOf(
        () =>
          builder()
            .delegate(new ListProvider([echo('fine'), explain]))
            .argumentType(SimpleArguments)
            .argumentConsumer(() => undefined)
            .build(),
        ConfigurationError,
      );
      expect(error.message).toContain("SimpleArguments.value has the name of parameter 'value' of tool 'explain'");
    });
  });

  describe('.getToolCallbacks', () => {
    it('should wrap every @Tool method of a toolObject, each keeping its metadata', () => {
      const { OrderTools } = declareOrderTools();
      const provider = builder()
        .toolObject(new OrderTools())
        .argumentType(AgentThinking)
        .argumentConsumer(() => undefined)
        .build();

      const callbacks = provider.getToolCallbacks();

      expect(callbacks.map((c) => c.toolDefinition.name)).toEqual([
        'getOrderStatus',
        'listOrders',
        'scheduleDelivery',
        'createTicket',
        'failing',
        'setAlarm',
      ]);
      for (const callback of callbacks) {
        expect(callback).toBeInstanceOf(AugmentedToolCallback);
        expect((JSON.parse(callback.toolDefinition.inputSchema) as { required: string[] }).required).toContain(
          'innerThought',
        );
      }
      expect(callbacks.find((c) => c.toolDefinition.name === 'scheduleDelivery')?.toolMetadata.returnDirect).toBe(true);
    });

    it('should wrap each callback of a delegate once and wrap new ones when the delegate changes', () => {
      const first = echo('first');
      const delegate = new ListProvider([first]);
      const provider = builder()
        .delegate(delegate)
        .argumentType(SimpleArguments)
        .argumentConsumer(() => undefined)
        .build();
      const [wrapped] = provider.getToolCallbacks();

      expect(provider.getToolCallbacks()).toEqual([wrapped]);
      delegate.callbacks = [first, echo('second')];
      const after = provider.getToolCallbacks();

      expect(after[0]).toBe(wrapped);
      expect(after[1].toolDefinition.name).toBe('second');
      expect((after[1] as AugmentedToolCallback).delegate).toBe(delegate.callbacks[1]);
    });

    it('should fail when the delegate later offers a tool whose parameter clashes, naming both', () => {
      const delegate = new ListProvider([echo('first')]);
      const provider = builder()
        .delegate(delegate)
        .argumentType(SimpleArguments)
        .argumentConsumer(() => undefined)
        .build();
      delegate.callbacks = [
        FunctionToolCallback.builder('late', () => 'ok')
          .inputSchema({ type: 'object', properties: { value: {} } })
          .build(),
      ];

      expect(errorOf(() => provider.getToolCallbacks(), ConfigurationError).message).toContain(
        "SimpleArguments.value has the name of parameter 'value' of tool 'late'",
      );
    });

    it("should type the consumer's event by argumentType", async () => {
      const seen: string[] = [];
      const provider = builder()
        .delegate(new ListProvider([echo('say')]))
        .argumentType(SimpleArguments)
        .argumentConsumer((event: AugmentedArgumentEvent<SimpleArguments>) => void seen.push(event.arguments.value))
        .build();

      await provider.getToolCallbacks()[0].call('{"text":"hi","value":"because"}');

      expect(seen).toEqual(['because']);
    });
  });

  describe('in the tool loop', () => {
    const run = (callbacks: readonly ToolCallback[], args: string) =>
      new DefaultToolCallingManager().executeToolCalls(
        new Prompt([new UserMessage('go')], { toolCallbacks: [...callbacks] }),
        toolCallResponse(toolCall('c1', callbacks[0].toolDefinition.name, args)),
      );

    it("should keep a wrapped tool's returnDirect", async () => {
      const provider = builder()
        .delegate(new ListProvider([echo('direct', { returnDirect: true })]))
        .argumentType(SimpleArguments)
        .argumentConsumer(() => undefined)
        .build();

      const result = await run(provider.getToolCallbacks(), '{"text":"hi","value":"v"}');

      expect(result.returnDirect).toBe(true);
      const responses = (result.conversationHistory.at(-1) as ToolResponseMessage).responses;
      expect(responses).toEqual([{ id: 'c1', name: 'direct', responseData: '{"text":"hi"}' }]);
    });

    it("should apply a wrapped tool's timeout to the call, the consumer's time included", async () => {
      const provider = builder()
        .delegate(new ListProvider([echo('slow', { timeoutMs: 20 })]))
        .argumentType(SimpleArguments)
        .argumentConsumer(() => new Promise(() => undefined))
        .build();

      const logs = captureLogLines();
      try {
        const result = await run(provider.getToolCallbacks(), '{"text":"hi","value":"v"}');

        const [response] = (result.conversationHistory.at(-1) as ToolResponseMessage).responses;
        expect(response.responseData).toContain("Tool 'slow' did not finish within 20 ms");
      } finally {
        logs.restore();
      }
    });
  });
});
