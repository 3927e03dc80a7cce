import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ChatClient,
  type ChatClientResponse,
  type CallAdvisorChain,
  ToolCallingAdvisor,
  ToolCallingAdvisorBuilder,
  ToolSearchToolCallingAdvisorBuilder,
} from '@sprout-ai/chat-client';
import {
  AssistantMessage,
  ChatResponse,
  DEFAULT_TOOL_EXECUTION_SETTINGS,
  DefaultToolCallingManager,
  DefaultToolExecutionExceptionProcessor,
  DuplicateToolNameError,
  type Prompt,
  TOOL_CALL_LIMIT_EXCEEDED_FINISH_REASON,
  ToolExecutionError,
  Tool,
  ToolResponseMessage,
  ToolSchemaRegistry,
} from '@sprout-ai/core';
import { toolClassRegistry } from '@sprout-ai/core/internal';
import { ScriptedChatModel, assistantText, assistantToolCalls, captureLogLines, errorOf } from '@sprout-ai/test';
import { ContainerModule, inject, injectable } from 'inversify';
import { declareToolClasses, FIXTURE_MANIFEST } from './__fixtures__/tool-classes';
import { NoUniqueBindingError } from './container/no-unique-binding-error';
import { McpTokens } from './mcp-tokens';
import { InvalidPropertyError } from './properties/invalid-property-error';
import { ToolScanError } from './scan/tool-scan-error';
import { SproutApplication, type SproutApplicationOptions } from './sprout-application';
import { SproutTokens } from './sprout-tokens';

/** A loop whose final answer is upper-cased, so a test can tell that it ran instead of the default. */
class ShoutingToolCallingAdvisor extends ToolCallingAdvisor {
  static instances = 0;

  constructor(...args: ConstructorParameters<typeof ToolCallingAdvisor>) {
    super(...args);
    ShoutingToolCallingAdvisor.instances++;
  }

  protected override doFinalizeLoop(response: ChatClientResponse, _chain: CallAdvisorChain): ChatClientResponse {
    const text = response.chatResponse?.result?.output.text ?? '';
    return response.with({
      chatResponse: new ChatResponse([{ output: new AssistantMessage(text.toUpperCase()), metadata: {} }]),
    });
  }
}

describe(SproutApplication, () => {
  const { OrderTools, LegacyOrderTools, UnboundTools, UndocumentedTools } = declareToolClasses();
  let dir: string;
  let manifestPath: string;
  const apps: SproutApplication[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sprout-boot-'));
    manifestPath = join(dir, 'tool-schemas.json');
    writeFileSync(manifestPath, JSON.stringify(FIXTURE_MANIFEST));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  /** Starts an app with no file, no environment, a fresh schema registry and the fixture manifest. */
  async function run(options: SproutApplicationOptions = {}): Promise<SproutApplication> {
    const app = await SproutApplication.run({
      propertiesFile: false,
      env: {},
      schemaManifest: manifestPath,
      schemaRegistry: new ToolSchemaRegistry(),
      ...options,
    });
    apps.push(app);
    return app;
  }

  function modelModule(model: ScriptedChatModel, ...toolClasses: Array<new () => object>): ContainerModule {
    return new ContainerModule(({ bind }) => {
      bind(SproutTokens.ChatModel).toConstantValue(model);
      for (const toolClass of toolClasses) bind(toolClass).toSelf();
    });
  }

  function toolNamesOf(prompt: Prompt): string[] {
    const options = prompt.options;
    return (options?.toolCallbacks ?? []).map((callback) => callback.toolDefinition.name);
  }

  describe('.run', () => {
    describe('when a bound class has @Tool methods', () => {
      it('should offer its tools to the model and run them in the default loop', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ id: 'c1', name: 'getOrderStatus', arguments: { orderId: 'A123' } }]),
          assistantText('It has shipped.'),
        ]);
        const app = await run({ modules: [modelModule(model, OrderTools)] });

        const answer = await app.chatClient().prompt('Where is A123?').call().content();

        expect(answer).toBe('It has shipped.');
        expect(toolNamesOf(model.prompts[0])).toEqual(['getOrderStatus', 'cancelOrder']);
        const toolMessage = model.prompts[1].instructions.at(-1) as ToolResponseMessage;
        expect(toolMessage).toBeInstanceOf(ToolResponseMessage);
        expect(toolMessage.responses).toEqual([
          { id: 'c1', name: 'getOrderStatus', responseData: '"Order A123 has shipped"' },
        ]);
        expect(app.get(OrderTools).calls).toEqual(['A123']);
        expect(app.toolCallbacks.map((callback) => callback.toolDefinition.name)).toEqual([
          'getOrderStatus',
          'cancelOrder',
        ]);
      });

      it('should give a fresh ChatClient builder on every resolution', async () => {
        const app = await run({ modules: [modelModule(new ScriptedChatModel([]), OrderTools)] });

        expect(app.chatClientBuilder()).not.toBe(app.chatClientBuilder());
      });
    });

    describe('when a @Tool class is not bound', () => {
      it('should leave its tools out', async () => {
        const model = new ScriptedChatModel([assistantText('ok')]);
        const app = await run({ modules: [modelModule(model, OrderTools)] });

        await app.chatClient().prompt('hi').call().content();

        expect(toolClassRegistry.has(UnboundTools)).toBe(true);
        expect(toolNamesOf(model.prompts[0])).toEqual(['getOrderStatus', 'cancelOrder']);
        expect(app.toolCallbacks.map((callback) => callback.toolDefinition.name)).toEqual([
          'getOrderStatus',
          'cancelOrder',
        ]);
      });
    });

    describe('when two bound classes declare the same tool name', () => {
      it('should fail with DuplicateToolNameError naming both sources', async () => {
        const model = new ScriptedChatModel([]);

        const started = run({ modules: [modelModule(model, OrderTools, LegacyOrderTools)] });

        await expect(started).rejects.toThrow(DuplicateToolNameError);
        await expect(started).rejects.toThrow(/getOrderStatus.*OrderTools\.getOrderStatus.*LegacyOrderTools\.lookup/);
      });
    });

    describe('when a tool class is bound twice', () => {
      it('should resolve both bindings and fail with DuplicateToolNameError naming each instance', async () => {
        const model = new ScriptedChatModel([]);
        const twice = new ContainerModule(({ bind }) => {
          bind(OrderTools).toSelf();
          bind(OrderTools).toConstantValue(new OrderTools());
        });

        const started = run({ modules: [modelModule(model), twice] });

        await expect(started).rejects.toThrow(DuplicateToolNameError);
        await expect(started).rejects.toThrow(/getOrderStatus.*OrderTools\.getOrderStatus.*OrderTools\.getOrderStatus/);
      });
    });

    describe('when a bound tool class depends on something that is not bound', () => {
      it("should fail at start-up with inversify's error naming the missing service", async () => {
        @injectable()
        class NeedsClockTools {
          constructor(@inject('Clock') readonly clock: unknown) {}

          @Tool()
          now(): string {
            return String(this.clock);
          }
        }
        const started = run({
          modules: [
            modelModule(new ScriptedChatModel([])),
            new ContainerModule(({ bind }) => {
              bind(NeedsClockTools).toSelf();
            }),
          ],
        });

        await expect(started).rejects.toThrow(/Clock/);
      });
    });

    describe('when the manifest lacks a method of a bound class', () => {
      it('should fail naming the method and the fix', async () => {
        const started = run({ modules: [modelModule(new ScriptedChatModel([]), UndocumentedTools)] });

        await expect(started).rejects.toThrow(ToolScanError);
        await expect(started).rejects.toThrow(/UndocumentedTools\.undocumented.*rebuild so the manifest covers it/);
      });

      it('should point to the schemaManifest option when no manifest was loaded', async () => {
        const started = run({
          modules: [modelModule(new ScriptedChatModel([]), OrderTools)],
          schemaManifest: undefined,
        });

        await expect(started).rejects.toThrow(/schemaManifest/);
      });
    });

    describe('when spring.ai.tools.limits.max-calls-per-tool-default=1', () => {
      it('should end the turn with the limit message once a tool is called twice', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([
            { name: 'getOrderStatus', arguments: { orderId: 'A1' } },
            { name: 'getOrderStatus', arguments: { orderId: 'A2' } },
          ]),
        ]);
        const app = await run({
          modules: [modelModule(model, OrderTools)],
          properties: { 'spring.ai.tools.limits.max-calls-per-tool-default': '1' },
        });

        const response = await app.chatClient().prompt('status of A1 and A2').call().chatResponse();

        expect(response?.result?.metadata.finishReason).toBe(TOOL_CALL_LIMIT_EXCEEDED_FINISH_REASON);
        expect(response?.result?.output.text).toContain("Tool call limit (1) exceeded for tool 'getOrderStatus'");
        expect(app.get(OrderTools).calls).toEqual(['A1']);
        expect(model.prompts).toHaveLength(1);
      });

      it('should not apply to a tool excluded by excluded-tools', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([
            { name: 'getOrderStatus', arguments: { orderId: 'A1' } },
            { name: 'getOrderStatus', arguments: { orderId: 'A2' } },
          ]),
          assistantText('both shipped'),
        ]);
        const app = await run({
          modules: [modelModule(model, OrderTools)],
          properties: {
            'spring.ai.tools.limits.max-calls-per-tool-default': '1',
            'spring.ai.tools.limits.excluded-tools': 'getOrderStatus',
          },
        });

        await expect(app.chatClient().prompt('status').call().content()).resolves.toBe('both shipped');
        expect(app.get(OrderTools).calls).toEqual(['A1', 'A2']);
      });
    });

    describe('when a per-tool limit is set by an environment variable in upper case', () => {
      it('should limit the tool whose name matches ignoring case', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([
            { name: 'getOrderStatus', arguments: { orderId: 'A1' } },
            { name: 'getOrderStatus', arguments: { orderId: 'A2' } },
          ]),
        ]);
        const app = await run({
          modules: [modelModule(model, OrderTools)],
          env: { SPRING_AI_TOOLS_LIMITS_MAX_CALLS_PER_TOOL_GETORDERSTATUS: '1' },
        });

        const response = await app.chatClient().prompt('status of A1 and A2').call().chatResponse();

        expect(response?.result?.output.text).toContain("Tool call limit (1) exceeded for tool 'getOrderStatus'");
        expect(app.get(OrderTools).calls).toEqual(['A1']);
      });
    });

    describe('when limit keys name no tool', () => {
      it('should warn at start-up once per name, with the tool it was likely meant for', async () => {
        const logs = captureLogLines();
        try {
          await run({
            modules: [modelModule(new ScriptedChatModel([]), OrderTools)],
            properties: {
              'spring.ai.tools.limits.max-calls-per-tool.getOrderStatus': '2',
              'spring.ai.tools.limits.max-calls-per-tool.getOrderStatsu': '2',
              'spring.ai.tools.limits.max-calls-per-tool.cancelorder': '2',
              'spring.ai.tools.limits.excluded-tools': 'nope',
            },
          });

          const warnings = (await logs.records()).filter((r) => r.name === '@sprout-ai/boot' && r.level === 40);
          expect(warnings.map((w) => [w.toolName, w.suggestion])).toEqual([
            ['getOrderStatsu', 'getOrderStatus'],
            ['cancelorder', 'cancelOrder'],
            ['nope', undefined],
          ]);
          expect(warnings[0].msg).toBe(
            "Property 'spring.ai.tools.limits.max-calls-per-tool.getOrderStatsu' (from override) names no tool " +
              'known at start-up, so it limits nothing unless a request brings that tool; did you mean ' +
              "'getOrderStatus'?",
          );
        } finally {
          logs.restore();
        }
      });
    });

    describe('when spring.ai.tools.resolution.fallback.enabled=true', () => {
      it('should resolve a scanned tool the request did not offer', async () => {
        const script = (): ScriptedChatModel =>
          new ScriptedChatModel([
            assistantToolCalls([{ name: 'getOrderStatus', arguments: { orderId: 'A9' } }]),
            assistantText('found it'),
          ]);
        const withoutDefaultTools = (app: SproutApplication, model: ScriptedChatModel) =>
          ChatClient.builder(model).toolCallingAdvisorBuilder(app.get(SproutTokens.ToolCallingAdvisorBuilder)).build();
        const enabled = await run({
          modules: [modelModule(new ScriptedChatModel([]), OrderTools)],
          properties: { 'spring.ai.tools.resolution.fallback.enabled': 'true' },
        });
        const disabled = await run({ modules: [modelModule(new ScriptedChatModel([]), OrderTools)] });

        const answer = await withoutDefaultTools(enabled, script())
          .prompt('A9?')
          .options({ model: 'm' })
          .call()
          .content();
        const disabledModel = script();
        await withoutDefaultTools(disabled, disabledModel).prompt('A9?').options({ model: 'm' }).call().content();

        expect(answer).toBe('found it');
        expect(enabled.get(OrderTools).calls).toEqual(['A9']);
        expect(disabled.get(OrderTools).calls).toEqual([]);
        const unknownTool = disabledModel.prompts[1].instructions.at(-1) as ToolResponseMessage;
        expect(unknownTool.responses[0].responseData).toMatch(/getOrderStatus/);
      });
    });

    describe('when a tool throws', () => {
      const script = (): ScriptedChatModel =>
        new ScriptedChatModel([
          assistantToolCalls([{ id: 'c1', name: 'cancelOrder', arguments: { orderId: 'A1' } }]),
          assistantText('Sorry, it has shipped.'),
        ]);

      it('should send the error message to the model by default', async () => {
        const model = script();
        const app = await run({ modules: [modelModule(model, OrderTools)] });

        await expect(app.chatClient().prompt('cancel A1').call().content()).resolves.toBe('Sorry, it has shipped.');
        const toolMessage = model.prompts[1].instructions.at(-1) as ToolResponseMessage;
        expect(toolMessage.responses[0].responseData).toContain('has already shipped and cannot be cancelled');
      });

      it('should fail the request when spring.ai.tools.throw-exception-on-error=true', async () => {
        const model = script();
        const app = await run({
          modules: [modelModule(model, OrderTools)],
          properties: { 'spring.ai.tools.throw-exception-on-error': 'true' },
        });

        await expect(app.chatClient().prompt('cancel A1').call().content()).rejects.toThrow(ToolExecutionError);
        expect(model.prompts).toHaveLength(1);
      });
    });

    describe('when spring.ai.tools.execution.*, result.max-chars and errors.detail are set', () => {
      it('should build the manager and the exception processor with them', async () => {
        const app = await run({
          modules: [modelModule(new ScriptedChatModel([]))],
          properties: {
            'spring.ai.tools.execution.max-concurrency': '2',
            'spring.ai.tools.execution.timeout': '30s',
            'spring.ai.tools.result.max-chars': '5000',
            'spring.ai.tools.errors.detail': 'generic',
          },
        });

        const manager = app.get(SproutTokens.ToolCallingManager) as DefaultToolCallingManager;
        const processor = app.get(SproutTokens.ToolExecutionExceptionProcessor);

        expect(manager.execution).toEqual({ maxConcurrency: 2, defaultTimeoutMs: 30_000, maxResultChars: 5000 });
        expect(processor).toBeInstanceOf(DefaultToolExecutionExceptionProcessor);
        expect(processor).toMatchObject({ detail: 'generic', alwaysThrow: false });
        expect(manager.toolExecutionExceptionProcessor).toBe(processor);
      });

      it("should use core's defaults when they are not set", async () => {
        const app = await run({ modules: [modelModule(new ScriptedChatModel([]))] });

        const manager = app.get(SproutTokens.ToolCallingManager) as DefaultToolCallingManager;

        expect(manager.execution).toEqual(DEFAULT_TOOL_EXECUTION_SETTINGS);
        expect(app.get(SproutTokens.ToolExecutionExceptionProcessor)).toMatchObject({ detail: 'masked' });
      });
    });

    describe('when spring.ai.chat.client.tool-calling.enabled=false', () => {
      it('should return the tool calls without running them', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'getOrderStatus', arguments: { orderId: 'A1' } }]),
        ]);
        const app = await run({
          modules: [modelModule(model, OrderTools)],
          properties: { 'spring.ai.chat.client.tool-calling.enabled': 'false' },
        });

        const response = await app.chatClient().prompt('status').call().chatResponse();

        expect(response?.hasToolCalls()).toBe(true);
        expect(app.get(OrderTools).calls).toEqual([]);
      });
    });

    describe('when spring.ai.chat.client.enabled=false', () => {
      it('should bind no ChatClient builder', async () => {
        const app = await run({
          modules: [modelModule(new ScriptedChatModel([]))],
          properties: { 'spring.ai.chat.client.enabled': 'false' },
        });

        expect(app.container.isBound(SproutTokens.ChatClientBuilder)).toBe(false);
        expect(app.container.isBound(SproutTokens.ToolCallingAdvisorBuilder)).toBe(false);
      });
    });

    describe('when spring.ai.chat.client.tool-search-advisor.enabled=true', () => {
      it('should run the tool-search loop with the container manager and the group settings', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'toolSearchTool', arguments: { query: 'order status' } }]),
          assistantToolCalls([{ name: 'getOrderStatus', arguments: { orderId: 'A1' } }]),
          assistantText('it has shipped'),
        ]);
        const app = await run({
          modules: [modelModule(model, OrderTools)],
          properties: {
            'spring.ai.chat.client.tool-search-advisor.enabled': 'true',
            'spring.ai.chat.client.tool-search-advisor.tool-index-type': 'full-text',
            'spring.ai.chat.client.tool-search-advisor.max-results': '1',
            'spring.ai.chat.client.tool-search-advisor.session-id-key-name': 'tenantId',
            'spring.ai.chat.client.tool-search-advisor.advisor-order': '7',
            'spring.ai.chat.client.tool-search-advisor.system-message-suffix': 'Search before you act.',
          },
        });

        const answer = await app
          .chatClient()
          .prompt('status of A1')
          .advisors((a) => a.param('tenantId', 't-1'))
          .call()
          .content();

        expect(answer).toBe('it has shipped');
        expect(app.get(OrderTools).calls).toEqual(['A1']);
        expect(model.prompts.map(toolNamesOf)).toEqual([
          ['toolSearchTool'],
          ['toolSearchTool', 'getOrderStatus'],
          ['toolSearchTool', 'getOrderStatus'],
        ]);
        expect(model.prompts[0].systemMessage.text).toBe('\nSearch before you act.');
        const builder = app.get(SproutTokens.ToolCallingAdvisorBuilder);
        expect(builder).toBeInstanceOf(ToolSearchToolCallingAdvisorBuilder);
        expect(builder.getAdvisorOrder()).toBe(7);
        expect(builder.getToolCallingManager()).toBe(app.get(SproutTokens.ToolCallingManager));
      });

      it('should reject a tool-index-type it does not know, naming the key', async () => {
        await expect(
          run({
            modules: [modelModule(new ScriptedChatModel([]))],
            properties: { 'spring.ai.chat.client.tool-search-advisor.tool-index-type': 'elastic' },
          }),
        ).rejects.toThrow(InvalidPropertyError);
      });
    });

    describe('when the user binds a ToolCallingAdvisorBuilder', () => {
      it("should run the user's advisor subclass instead of the default loop", async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'getOrderStatus', arguments: { orderId: 'A1' } }]),
          assistantText('it has shipped'),
        ]);
        const userModule = new ContainerModule(({ bind }) => {
          bind<ToolCallingAdvisorBuilder>(SproutTokens.ToolCallingAdvisorBuilder).toDynamicValue((context) =>
            ShoutingToolCallingAdvisor.builder().toolCallingManager(context.get(SproutTokens.ToolCallingManager)),
          );
        });
        const app = await run({ modules: [modelModule(model, OrderTools), userModule] });

        await expect(app.chatClient().prompt('status').call().content()).resolves.toBe('IT HAS SHIPPED');
        expect(app.get(OrderTools).calls).toEqual(['A1']);
        expect(app.get(SproutTokens.ToolCallingAdvisorBuilder)).toBeInstanceOf(ToolCallingAdvisorBuilder);
      });
    });

    describe('when the user binds ToolCallingAdvisor to a subclass', () => {
      it('should resolve the bound advisor for every request', async () => {
        const model = new ScriptedChatModel([
          assistantToolCalls([{ name: 'getOrderStatus', arguments: { orderId: 'A1' } }]),
          assistantText('first'),
          assistantText('second'),
        ]);
        const userModule = new ContainerModule(({ bind }) => {
          bind(ToolCallingAdvisor)
            .toDynamicValue(
              (context) =>
                new ShoutingToolCallingAdvisor({
                  toolCallingManager: context.get(SproutTokens.ToolCallingManager),
                  advisorOrder: 0,
                }),
            )
            .inTransientScope();
        });
        const app = await run({ modules: [modelModule(model, OrderTools), userModule] });
        const client = app.chatClient();
        const before = ShoutingToolCallingAdvisor.instances;

        await expect(client.prompt('one').call().content()).resolves.toBe('FIRST');
        await expect(client.prompt('two').call().content()).resolves.toBe('SECOND');

        expect(ShoutingToolCallingAdvisor.instances - before).toBe(2);
        expect(app.get(OrderTools).calls).toEqual(['A1']);
        expect(app.get(SproutTokens.ToolCallingAdvisorBuilder).getAdvisorOrder()).toBe(0);
      });
    });

    describe('when the user binds their own loop advisor without setting a manager', () => {
      const bindings: ReadonlyArray<[string, ContainerModule]> = [
        [
          'bind(ToolCallingAdvisorBuilder).toConstantValue(MyAdvisor.builder())',
          new ContainerModule(({ bind }) => {
            bind(SproutTokens.ToolCallingAdvisorBuilder).toConstantValue(ShoutingToolCallingAdvisor.builder());
          }),
        ],
        [
          'bind(ToolCallingAdvisor).toDynamicValue(() => MyAdvisor.builder().build())',
          new ContainerModule(({ bind }) => {
            bind(ToolCallingAdvisor)
              .toDynamicValue(() => ShoutingToolCallingAdvisor.builder().build())
              .inTransientScope();
          }),
        ],
        [
          'bind(ToolCallingAdvisor).to(MyAdvisor)',
          new ContainerModule(({ bind }) => {
            bind(ToolCallingAdvisor).to(ShoutingToolCallingAdvisor).inTransientScope();
          }),
        ],
      ];

      describe.each(bindings)('%s', (_form, advisorModule) => {
        it('should apply spring.ai.tools.limits.* from the container', async () => {
          const model = new ScriptedChatModel([
            assistantToolCalls([
              { name: 'getOrderStatus', arguments: { orderId: 'A1' } },
              { name: 'getOrderStatus', arguments: { orderId: 'A2' } },
            ]),
          ]);
          const app = await run({
            modules: [modelModule(model, OrderTools), advisorModule],
            properties: { 'spring.ai.tools.limits.max-calls-per-tool-default': '1' },
          });

          const response = await app.chatClient().prompt('status of A1 and A2').call().chatResponse();

          expect(response?.result?.output.text).toContain("TOOL CALL LIMIT (1) EXCEEDED FOR TOOL 'GETORDERSTATUS'");
          expect(app.get(OrderTools).calls).toEqual(['A1']);
        });

        it('should apply spring.ai.tools.throw-exception-on-error from the container', async () => {
          const model = new ScriptedChatModel([
            assistantToolCalls([{ name: 'cancelOrder', arguments: { orderId: 'A1' } }]),
            assistantText('Sorry.'),
          ]);
          const app = await run({
            modules: [modelModule(model, OrderTools), advisorModule],
            properties: { 'spring.ai.tools.throw-exception-on-error': 'true' },
          });

          await expect(app.chatClient().prompt('cancel A1').call().content()).rejects.toThrow(ToolExecutionError);
          expect(model.prompts).toHaveLength(1);
        });
      });
    });

    describe('when the user binds their own loop advisor with a manager of their own', () => {
      const ownManager = (): DefaultToolCallingManager =>
        DefaultToolCallingManager.builder().unlimitedCallsPerTool().build();
      const bindings: ReadonlyArray<[string, (manager: DefaultToolCallingManager) => ContainerModule]> = [
        [
          'the builder',
          (manager) =>
            new ContainerModule(({ bind }) => {
              bind(SproutTokens.ToolCallingAdvisorBuilder).toConstantValue(
                ShoutingToolCallingAdvisor.builder().toolCallingManager(manager),
              );
            }),
        ],
        [
          'the advisor',
          (manager) =>
            new ContainerModule(({ bind }) => {
              bind(ToolCallingAdvisor)
                .toDynamicValue(() => ShoutingToolCallingAdvisor.builder().toolCallingManager(manager).build())
                .inTransientScope();
            }),
        ],
      ];

      it.each(bindings)('should keep that manager when binding %s', async (_form, advisorModule) => {
        const model = new ScriptedChatModel([
          assistantToolCalls([
            { name: 'getOrderStatus', arguments: { orderId: 'A1' } },
            { name: 'getOrderStatus', arguments: { orderId: 'A2' } },
          ]),
          assistantText('both shipped'),
        ]);
        const app = await run({
          modules: [modelModule(model, OrderTools), advisorModule(ownManager())],
          properties: { 'spring.ai.tools.limits.max-calls-per-tool-default': '1' },
        });

        await expect(app.chatClient().prompt('status of A1 and A2').call().content()).resolves.toBe('BOTH SHIPPED');
        expect(app.get(OrderTools).calls).toEqual(['A1', 'A2']);
      });
    });

    describe('when a service Sprout resolves is bound twice', () => {
      class AuditingManager extends DefaultToolCallingManager {}

      it('should fail at start-up naming the service and both bindings', async () => {
        const started = run({
          modules: [
            modelModule(new ScriptedChatModel([]), OrderTools),
            new ContainerModule(({ bind }) => {
              bind(SproutTokens.ToolCallingManager).toConstantValue(DefaultToolCallingManager.builder().build());
            }),
            new ContainerModule(({ bind }) => {
              bind(SproutTokens.ToolCallingManager).to(AuditingManager);
            }),
          ],
        });

        const error = await errorOf(started, NoUniqueBindingError);
        expect(error.serviceName).toBe('SproutTokens.ToolCallingManager');
        expect(error.bindings).toEqual([
          'modules[1]: toConstantValue(a DefaultToolCallingManager)',
          'modules[2]: to(AuditingManager)',
        ]);
        expect(error.message).toBe(
          'SproutTokens.ToolCallingManager has 2 bindings, but Sprout resolves exactly one: ' +
            'modules[1]: toConstantValue(a DefaultToolCallingManager); modules[2]: to(AuditingManager). ' +
            "Keep one of them (a module that replaces another's binding can call rebind instead of bind).",
        );
      });

      it.each([
        ['SproutTokens.ChatModel', SproutTokens.ChatModel],
        ['McpTokens.McpToolFilter', McpTokens.McpToolFilter],
        ['ToolCallingAdvisor', ToolCallingAdvisor],
      ] as const)('should fail the same way for %s', async (name, id) => {
        const twice = new ContainerModule(({ bind }) => {
          bind<unknown>(id).toDynamicValue(() => ({}));
          bind<unknown>(id).toDynamicValue(() => ({}));
        });
        const started = run({ modules: [twice], properties: { 'spring.ai.openai.api-key': 'sk-test' } });

        await expect(started).rejects.toMatchObject({ name: 'NoUniqueBindingError', serviceName: name });
      });

      it('should not count a named binding, which a plain get does not match', async () => {
        const app = await run({
          modules: [
            modelModule(new ScriptedChatModel([]), OrderTools),
            new ContainerModule(({ bind }) => {
              bind(SproutTokens.ToolCallingManager).to(AuditingManager).whenNamed('audit');
            }),
          ],
        });

        expect(app.get(SproutTokens.ToolCallingManager)).toBeInstanceOf(DefaultToolCallingManager);
        expect(app.get(SproutTokens.ToolCallingManager)).not.toBeInstanceOf(AuditingManager);
      });

      it('should let a module that rebinds the service replace the other binding', async () => {
        const manager = DefaultToolCallingManager.builder().build();
        const app = await run({
          modules: [
            modelModule(new ScriptedChatModel([]), OrderTools),
            new ContainerModule(({ bind }) => {
              bind(SproutTokens.ToolCallingManager).to(AuditingManager);
            }),
            new ContainerModule(({ rebindSync }) => {
              rebindSync(SproutTokens.ToolCallingManager).toConstantValue(manager);
            }),
          ],
        });

        expect(app.get(SproutTokens.ToolCallingManager)).toBe(manager);
      });
    });

    describe('when the user binds a ToolCallingManager', () => {
      it('should use it in the loop advisor', async () => {
        const manager = DefaultToolCallingManager.builder().build();
        const app = await run({
          modules: [
            modelModule(new ScriptedChatModel([]), OrderTools),
            new ContainerModule(({ bind }) => {
              bind(SproutTokens.ToolCallingManager).toConstantValue(manager);
            }),
          ],
        });

        expect(app.get(SproutTokens.ToolCallingManager)).toBe(manager);
        expect(app.get(SproutTokens.ToolCallingAdvisorBuilder).getToolCallingManager()).toBe(manager);
      });
    });

    describe('when the user binds a ChatModel', () => {
      it('should use it instead of OpenAI and need no API key', async () => {
        const model = new ScriptedChatModel([assistantText('scripted answer')]);
        const app = await run({ modules: [modelModule(model)] });

        await expect(app.chatClient().prompt('hi').call().content()).resolves.toBe('scripted answer');
        expect(app.get(SproutTokens.ChatModel)).toBe(model);
      });
    });

    describe('when no ChatModel is bound and no API key is configured', () => {
      it('should fail at start-up naming the property and the ways to set it', async () => {
        const started = run({ modules: [] });

        await expect(started).rejects.toThrow(InvalidPropertyError);
        await expect(started).rejects.toThrow(
          /Missing value for property 'spring\.ai\.openai\.api-key'.*OPENAI_API_KEY.*bind your own ChatModel/,
        );
      });
    });

    describe('when a property value is invalid', () => {
      it('should fail at start-up with InvalidPropertyError', async () => {
        const started = run({ properties: { 'spring.ai.tools.limits.on-limit-exceeded': 'LOG' } });

        await expect(started).rejects.toMatchObject({
          setting: 'spring.ai.tools.limits.on-limit-exceeded',
          value: 'LOG',
          allowed: 'one of THROW, RETURN_ERROR_RESPONSE',
        });
      });
    });
  });
});
