import { AIMessage, type BaseMessage, HumanMessage, type ToolMessage } from '@langchain/core/messages';
import { type StructuredTool, tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { ZeroLatencyToolCallingChatModel } from './langchain-model';
import { type LoopContender, type ScenarioWork, type ToolLoopScenario, createScenarioWork } from './tool-loop-scenario';

function scenarioTool(work: ScenarioWork): StructuredTool {
  const { name, description, inputSchema } = work.scenario.tool;
  return tool(async (input: Record<string, unknown>) => JSON.stringify(await work.executeTool(input)), {
    name,
    description,
    schema: inputSchema,
  });
}

/** LangChain.js 1.x: `createAgent` (the LangGraph-based agent loop) with the tool. */
export function createLangChainAgentLoop(scenario: ToolLoopScenario): LoopContender {
  const work = createScenarioWork(scenario);
  const agent = createAgent({ model: new ZeroLatencyToolCallingChatModel(work), tools: [scenarioTool(work)] });
  const recursionLimit = 2 * scenario.rounds + 10;
  return {
    id: 'langchain-agent',
    label: 'LangChain createAgent',
    counter: work.counter,
    async run() {
      const state = await agent.invoke({ messages: [new HumanMessage(scenario.question)] }, { recursionLimit });
      const last = state.messages[state.messages.length - 1];
      return typeof last.content === 'string' ? last.content : JSON.stringify(last.content);
    },
  };
}

/**
 * LangChain.js core primitives in a hand-written loop: `model.bindTools`, `invoke`, then
 * `tool.invoke(toolCall)` (which returns a `ToolMessage`); the calls of a round run concurrently.
 */
export function createLangChainManualLoop(scenario: ToolLoopScenario): LoopContender {
  const work = createScenarioWork(scenario);
  const lcTool = scenarioTool(work);
  const model = new ZeroLatencyToolCallingChatModel(work).bindTools();
  return {
    id: 'langchain-loop',
    label: 'LangChain manual loop',
    counter: work.counter,
    async run() {
      const messages: BaseMessage[] = [new HumanMessage(scenario.question)];
      for (;;) {
        const reply = await model.invoke(messages);
        messages.push(reply);
        const calls = AIMessage.isInstance(reply) ? (reply.tool_calls ?? []) : [];
        if (calls.length === 0) return typeof reply.content === 'string' ? reply.content : '';
        const results: ToolMessage[] = await Promise.all(
          calls.map((call) => lcTool.invoke(call) as Promise<ToolMessage>),
        );
        messages.push(...results);
      }
    },
  };
}
