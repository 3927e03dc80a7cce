/* eslint-disable */
// One app instance of the approval tests, run as its own process against the built packages (dist):
//   node approval-process.cjs ask      → prompts; prints the pendingApproval as JSON
//   node approval-process.cjs approve  → loads the pending turn from the store, approves every call,
//                                        resumes it; prints {"answer": "..."}
// Env: STORE=sqlite|redis, SQLITE_PATH, REDIS_URL, BASE_URL (OpenAI-compatible test server),
// SECRET, ORDERS_FILE (the cancel tool appends the order id: the "order table").
const { appendFileSync } = require('node:fs');
const { ChatClient, ToolCallingAdvisor, ToolApprovalStore, approveToolCall } = require('@sprout-ai/chat-client');
const { FunctionToolCallback } = require('@sprout-ai/core');
const { OpenAiChatModel } = require('@sprout-ai/openai');
const { SqliteChatMemoryRepository, RedisChatMemoryRepository } = require('@sprout-ai/chat-memory');

async function main() {
  const mode = process.argv[2];
  const repository =
    process.env.STORE === 'redis'
      ? new RedisChatMemoryRepository({ url: process.env.REDIS_URL })
      : new SqliteChatMemoryRepository({ path: process.env.SQLITE_PATH });
  const store = new ToolApprovalStore({ repository, secret: process.env.SECRET });
  const model = new OpenAiChatModel({ baseUrl: process.env.BASE_URL, apiKey: 'test-key', maxRetries: 0 });
  const client = ChatClient.create(model, {
    toolCallingAdvisorBuilder: ToolCallingAdvisor.builder().toolApprovalStore(store),
  });
  const cancelOrder = FunctionToolCallback.builder('cancelOrder', (input) => {
    appendFileSync(process.env.ORDERS_FILE, `${input.orderId}\n`);
    return `Order ${input.orderId} cancelled`;
  })
    .inputSchema({ type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] })
    .toolMetadata({ returnDirect: false, approval: 'required' })
    .build();
  try {
    if (mode === 'ask') {
      const response = await client
        .prompt('Cancel A123')
        .toolCallbacks(cancelOrder)
        .advisors((a) => a.param('chat_memory_conversation_id', 'c-42'))
        .call()
        .chatResponse();
      process.stdout.write(JSON.stringify(response.metadata.pendingApproval));
    } else {
      const pending = store.pendingApprovalOf(await store.load('c-42'));
      const answer = await client
        .prompt()
        .toolCallbacks(cancelOrder)
        .resume(
          'c-42',
          pending.calls.map((call) => approveToolCall(call)),
        )
        .call()
        .content();
      process.stdout.write(JSON.stringify({ answer }));
    }
  } catch (error) {
    process.stdout.write(JSON.stringify({ error: error.name, message: error.message }));
  } finally {
    await repository.close();
  }
}

main();
