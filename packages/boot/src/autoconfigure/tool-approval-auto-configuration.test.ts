import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { approveToolCall } from '@sprout-ai/chat-client';
import {
  CHAT_MEMORY_CONVERSATION_ID,
  ConfigurationError,
  FunctionToolCallback,
  type PendingApproval,
  type ToolApprovalPolicy,
} from '@sprout-ai/core';
import { ScriptedChatModel, assistantText, assistantToolCalls } from '@sprout-ai/test';
import { ContainerModule } from 'inversify';
import { InvalidPropertyError } from '../properties/invalid-property-error';
import { SproutProperties } from '../properties/sprout-properties';
import { SproutApplication } from '../sprout-application';
import { SproutTokens } from '../sprout-tokens';

const SECRET = 'boot-test-secret-of-at-least-32-bytes!!';

function run(
  properties: Record<string, string>,
  model: ScriptedChatModel,
  policy?: ToolApprovalPolicy,
): Promise<SproutApplication> {
  return SproutApplication.run({
    propertiesFile: false,
    env: {},
    properties,
    modules: [
      new ContainerModule(({ bind }) => {
        bind(SproutTokens.ChatModel).toConstantValue(model);
        if (policy !== undefined) bind(SproutTokens.ToolApprovalPolicy).toConstantValue(policy);
      }),
    ],
  });
}

function refundTool(refunds: number[]) {
  return FunctionToolCallback.builder('refund', (input: { amount: number }) => {
    refunds.push(input.amount);
    return 'refunded';
  })
    .inputSchema({ type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] })
    .build();
}

describe('sprout.tools.approval.*', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sprout-boot-approval-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  describe('when properties are set', () => {
    it('should bind them, and name the key of a bad value', () => {
      const bound = SproutProperties.from({
        'sprout.tools.approval.required-tools': 'cancel*,refund',
        'sprout.tools.approval.mcp-destructive': 'none',
        'sprout.tools.approval.time-to-live': '30m',
      }).toolApproval;
      expect(bound).toEqual({
        requiredTools: ['cancel*', 'refund'],
        mcpDestructive: 'none',
        secret: undefined,
        timeToLiveMs: 1_800_000,
      });
      expect(() => SproutProperties.from({ 'sprout.tools.approval.mcp-destructive': 'ask' })).toThrow(
        InvalidPropertyError,
      );
    });
  });

  describe('when required-tools names a tool and the store is SQLite with a secret', () => {
    it('should pause the call and resume it with another application on the same file', async () => {
      const refunds: number[] = [];
      const properties = {
        'spring.ai.chat.memory.repository.sqlite.path': join(dir, 'memory.db'),
        'sprout.tools.approval.required-tools': 'ref*',
        'sprout.tools.approval.secret': SECRET,
      };
      const first = await run(
        properties,
        new ScriptedChatModel([assistantToolCalls([{ name: 'refund', arguments: { amount: 5 } }])]),
      );
      const response = await first
        .chatClientBuilder()
        .build()
        .prompt('Refund 5')
        .toolCallbacks(refundTool(refunds))
        .advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'c7'))
        .call()
        .chatResponse();
      const pending = response?.metadata.pendingApproval as PendingApproval;
      expect(pending.calls[0].reason).toBe("refund matches sprout.tools.approval.required-tools 'ref*'");
      await first.close();

      const second = await run(properties, new ScriptedChatModel([assistantText('Refunded 5.')]));
      const answer = await second
        .chatClientBuilder()
        .build()
        .prompt()
        .toolCallbacks(refundTool(refunds))
        .resume('c7', [approveToolCall(pending.calls[0])])
        .call()
        .content();
      await second.close();
      expect(answer).toBe('Refunded 5.');
      expect(refunds).toEqual([5]);
    });
  });

  describe('when a policy bean is bound', () => {
    it('should pause calls it asks for, by their arguments', async () => {
      const refunds: number[] = [];
      const policy: ToolApprovalPolicy = (call) =>
        Number(call.arguments.amount) > 100 ? { reason: 'refund over 100' } : undefined;
      const app = await run(
        {},
        new ScriptedChatModel([
          assistantToolCalls([{ name: 'refund', arguments: { amount: 50 } }]),
          assistantText('ok'),
          assistantToolCalls([{ name: 'refund', arguments: { amount: 500 } }]),
        ]),
        policy,
      );
      const client = app.chatClientBuilder().build();
      expect(await client.prompt('Refund 50').toolCallbacks(refundTool(refunds)).call().content()).toBe('ok');
      const paused = await client.prompt('Refund 500').toolCallbacks(refundTool(refunds)).call().chatResponse();
      expect(paused?.metadata.pendingApproval?.calls[0].reason).toBe('refund over 100');
      expect(refunds).toEqual([50]);
      await app.close();
    });
  });

  describe('when the chat memory store is SQLite and no secret is set', () => {
    it('should start, and fail a turn that pauses with a ConfigurationError naming the key', async () => {
      const app = await run(
        {
          'spring.ai.chat.memory.repository.sqlite.path': join(dir, 'memory.db'),
          'sprout.tools.approval.required-tools': 'refund',
        },
        new ScriptedChatModel([assistantToolCalls([{ name: 'refund', arguments: { amount: 5 } }])]),
      );
      const refunds: number[] = [];
      const error = await app
        .chatClientBuilder()
        .build()
        .prompt('Refund 5')
        .toolCallbacks(refundTool(refunds))
        .call()
        .content()
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      await app.close();
      expect(ConfigurationError.isInstance(error) && error.setting).toBe('sprout.tools.approval.secret');
      expect(refunds).toEqual([]);
    });
  });
});
