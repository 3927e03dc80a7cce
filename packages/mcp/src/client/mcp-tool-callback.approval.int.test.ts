import { ChatClient, ToolCallingAdvisor, approveToolCall } from '@sprout-ai/chat-client';
import {
  CHAT_MEMORY_CONVERSATION_ID,
  DefaultToolCallingManager,
  type PendingApproval,
  ToolApprovalRules,
} from '@sprout-ai/core';
import { assistantText, assistantToolCalls, ScriptedChatModel } from '@sprout-ai/test';
import { fixtureConnection, fixtureLog } from '../__fixtures__/fixture-connections';
import { McpToolCallbackProvider } from './mcp-tool-callback-provider';

// A real MCP server (child process) lists a tool annotated destructiveHint: true.
jest.setTimeout(30_000);

describe('MCP tools annotated destructiveHint: true', () => {
  let provider: McpToolCallbackProvider | undefined;
  afterEach(async () => {
    await provider?.close();
    provider = undefined;
  });

  async function start() {
    const connection = fixtureConnection('fixture', {
      tools: [
        {
          name: 'delete_file',
          description: 'Deletes a file',
          inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
          annotations: { destructiveHint: true },
        },
      ],
    });
    provider = await McpToolCallbackProvider.create({ connections: [connection] });
    return { tools: provider, connection };
  }

  it('should carry the hint on the tool metadata', async () => {
    const { tools } = await start();
    const [deleteFile] = tools.getToolCallbacks().filter((c) => c.toolDefinition.name === 'delete_file');
    expect(deleteFile.toolMetadata.annotations).toEqual({ destructiveHint: true });
    const echo = tools.getToolCallbacks().find((c) => c.toolDefinition.name === 'echo-params');
    expect(echo?.toolMetadata.annotations).toBeUndefined();
  });

  it('should pause before calling the server, and call it once approved', async () => {
    const { tools, connection } = await start();
    const model = new ScriptedChatModel([
      assistantToolCalls([{ id: 'call_1', name: 'delete_file', arguments: { text: 'notes.txt' } }]),
      assistantText('Deleted.'),
    ]);
    const client = ChatClient.create(model, { toolCallingAdvisorBuilder: ToolCallingAdvisor.builder() });
    const response = await client
      .prompt('Delete notes.txt')
      .toolCallbacks(tools)
      .advisors((a) => a.param(CHAT_MEMORY_CONVERSATION_ID, 'm1'))
      .call()
      .chatResponse();
    const pending = response?.metadata.pendingApproval as PendingApproval;
    expect(pending.calls[0].reason).toBe('delete_file is annotated destructiveHint: true by its server');
    expect((await fixtureLog(connection)).filter((e) => e.event === 'call' && e.tool === 'delete_file')).toEqual([]);

    const answer = await client
      .prompt()
      .toolCallbacks(tools)
      .resume('m1', [approveToolCall(pending.calls[0])])
      .call()
      .content();
    expect(answer).toBe('Deleted.');
    expect((await fixtureLog(connection)).filter((e) => e.event === 'call' && e.tool === 'delete_file')).toHaveLength(
      1,
    );
  });

  it('should run it without asking under mcp-destructive none', async () => {
    const { tools } = await start();
    const manager = DefaultToolCallingManager.builder()
      .toolApprovalRules(new ToolApprovalRules({ mcpDestructive: 'none' }))
      .build();
    const model = new ScriptedChatModel([
      assistantToolCalls([{ name: 'delete_file', arguments: { text: 'x' } }]),
      assistantText('Done.'),
    ]);
    const client = ChatClient.create(model, {
      toolCallingAdvisorBuilder: ToolCallingAdvisor.builder().toolCallingManager(manager),
    });
    expect(await client.prompt('Delete x').toolCallbacks(tools).call().content()).toBe('Done.');
  });
});
