import { ChatClient } from '@sprout-ai/chat-client';
import {
  AssistantMessage,
  type ChatModel,
  ChatResponse,
  FunctionToolCallback,
  MessageType,
  type Prompt,
} from '@sprout-ai/core';
import { type LoopContender, type ScenarioWork, type ToolLoopScenario, createScenarioWork } from './tool-loop-scenario';

/**
 * A zero-latency in-process `ChatModel`: it answers from the scenario script at once, like a
 * provider that returned instantly.
 */
class ZeroLatencyChatModel implements ChatModel {
  constructor(private readonly work: ScenarioWork) {}

  async call(prompt: Prompt): Promise<ChatResponse> {
    let toolResults = 0;
    for (const message of prompt.instructions) {
      if (message.messageType === MessageType.TOOL) toolResults += message.responses.length;
    }
    const step = this.work.respond(toolResults);
    if (step.kind === 'text') {
      return new ChatResponse([{ output: new AssistantMessage(step.text), metadata: { finishReason: 'stop' } }]);
    }
    // Built field by field like OpenAiChatModel's response mapper does: `{ ...call, type }` would give
    // each call a hidden class of its own on Node 20, slowing every read of it in Sprout's loop.
    const toolCalls = step.calls.map((call) => ({
      id: call.id,
      type: 'function',
      name: call.name,
      arguments: call.arguments,
    }));
    return new ChatResponse([
      { output: new AssistantMessage('', toolCalls), metadata: { finishReason: 'tool_calls' } },
    ]);
  }
}

/** Sprout: a `ChatClient` (auto-registered `ToolCallingAdvisor`) with the tool as a `FunctionToolCallback`. */
export function createSproutLoop(scenario: ToolLoopScenario): LoopContender {
  const work = createScenarioWork(scenario);
  const callback = FunctionToolCallback.builder(scenario.tool.name, (input: Record<string, unknown>) =>
    work.executeTool(input),
  )
    .description(scenario.tool.description)
    .inputSchema(JSON.stringify(scenario.tool.inputSchema))
    .build();
  const client = ChatClient.builder(new ZeroLatencyChatModel(work)).defaultTools(callback).build();
  return {
    id: 'sprout',
    label: 'Sprout ChatClient',
    counter: work.counter,
    run: () => client.prompt(scenario.question).call().content(),
  };
}
