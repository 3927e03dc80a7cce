import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { type LoopContender, type ToolLoopScenario, createScenarioWork } from './tool-loop-scenario';

type DoGenerate = Exclude<ConstructorParameters<typeof MockLanguageModelV3>[0], undefined>['doGenerate'];
type GenerateOptions = Parameters<Extract<DoGenerate, (...args: never[]) => unknown>>[0];

const NO_USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/**
 * Vercel AI SDK 6: `generateText` with the tool and `stopWhen: stepCountIs(rounds + 1)`, on the
 * SDK's own `MockLanguageModelV3` (from `ai/test`) answering from the scenario script.
 */
export function createAiSdkLoop(scenario: ToolLoopScenario): LoopContender {
  const work = createScenarioWork(scenario);
  const model = new MockLanguageModelV3({
    doGenerate: async (options: GenerateOptions) => {
      let toolResults = 0;
      for (const message of options.prompt) {
        if (message.role === 'tool') {
          for (const part of message.content) if (part.type === 'tool-result') toolResults++;
        }
      }
      const step = work.respond(toolResults);
      if (step.kind === 'text') {
        return {
          content: [{ type: 'text', text: step.text }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: NO_USAGE,
          warnings: [],
        };
      }
      return {
        content: step.calls.map((call) => ({
          type: 'tool-call' as const,
          toolCallId: call.id,
          toolName: call.name,
          input: call.arguments,
        })),
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: NO_USAGE,
        warnings: [],
      };
    },
  });
  const tools = {
    [scenario.tool.name]: tool({
      description: scenario.tool.description,
      inputSchema: jsonSchema<Record<string, unknown>>(scenario.tool.inputSchema),
      execute: async (input: Record<string, unknown>) => work.executeTool(input),
    }),
  };
  const stopWhen = stepCountIs(scenario.rounds + 1);
  return {
    id: 'ai-sdk',
    label: 'Vercel AI SDK generateText',
    counter: work.counter,
    async run() {
      const result = await generateText({ model, tools, prompt: scenario.question, stopWhen });
      model.doGenerateCalls.length = 0; // the mock records every call; keep memory flat
      return result.text;
    },
  };
}
