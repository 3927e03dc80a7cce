import { type LoopContender, type ScriptedStep, type ToolLoopScenario, createScenarioWork } from './tool-loop-scenario';

type HandMessage =
  | { readonly role: 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly step: ScriptedStep }
  | { readonly role: 'tool'; readonly toolCallId: string; readonly content: string };

/**
 * The physical floor: no framework. Call the model function, parse the arguments, call the tool
 * function, append the messages, repeat. Several calls of one round run concurrently.
 */
export function createHandLoop(scenario: ToolLoopScenario): LoopContender {
  const work = createScenarioWork(scenario);
  const model = async (messages: readonly HandMessage[]): Promise<ScriptedStep> => {
    let toolResults = 0;
    for (const message of messages) if (message.role === 'tool') toolResults++;
    return work.respond(toolResults);
  };
  const execute = async (args: string): Promise<string> =>
    JSON.stringify(await work.executeTool(JSON.parse(args) as Record<string, unknown>));
  return {
    id: 'hand',
    label: 'hand-written loop',
    counter: work.counter,
    async run() {
      const messages: HandMessage[] = [{ role: 'user', content: scenario.question }];
      for (;;) {
        const step = await model(messages);
        if (step.kind === 'text') return step.text;
        messages.push({ role: 'assistant', step });
        const results =
          step.calls.length === 1
            ? [await execute(step.calls[0].arguments)]
            : await Promise.all(step.calls.map((call) => execute(call.arguments)));
        step.calls.forEach((call, i) => messages.push({ role: 'tool', toolCallId: call.id, content: results[i] }));
      }
    },
  };
}
