import {
  type LoopContender,
  type ScriptedStep,
  type ScriptedToolCall,
  type ToolLoopScenario,
  type WorkCounter,
  createScenarioWork,
} from './tool-loop-scenario';

/** A message of a hand-written loop's conversation. */
export type HandMessage =
  | { readonly role: 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly step: ScriptedStep }
  | { readonly role: 'tool'; readonly toolCallId: string; readonly content: string };

/** What a hand-written loop calls: the model on the conversation, and the tool on a call's JSON arguments. */
export interface HandFunctions {
  readonly counter: WorkCounter;
  readonly model: (messages: readonly HandMessage[]) => Promise<ScriptedStep>;
  readonly execute: (call: ScriptedToolCall) => Promise<string>;
}

/**
 * The model and tool functions of a scenario, as an application without a framework writes them
 * (shared by the `hand` and `hand-otel` loops).
 */
export function createHandFunctions(scenario: ToolLoopScenario): HandFunctions {
  const work = createScenarioWork(scenario);
  return {
    counter: work.counter,
    model: async (messages) => {
      let toolResults = 0;
      for (const message of messages) if (message.role === 'tool') toolResults++;
      return work.respond(toolResults);
    },
    execute: async (call) =>
      JSON.stringify(await work.executeTool(JSON.parse(call.arguments) as Record<string, unknown>)),
  };
}

/**
 * The physical floor: no framework. Call the model function, parse the arguments, call the tool
 * function, append the messages, repeat. Several calls of one round run concurrently.
 */
export function createHandLoop(scenario: ToolLoopScenario): LoopContender {
  const { counter, model, execute } = createHandFunctions(scenario);
  return {
    id: 'hand',
    label: 'hand-written loop',
    counter,
    async run() {
      const messages: HandMessage[] = [{ role: 'user', content: scenario.question }];
      for (;;) {
        const step = await model(messages);
        if (step.kind === 'text') return step.text;
        messages.push({ role: 'assistant', step });
        const results =
          step.calls.length === 1 ? [await execute(step.calls[0])] : await Promise.all(step.calls.map(execute));
        step.calls.forEach((call, i) => messages.push({ role: 'tool', toolCallId: call.id, content: results[i] }));
      }
    },
  };
}
