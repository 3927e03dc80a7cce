import type { ScenarioTool, ToolLoopScenario } from './tool-loop-scenario';

/** The trivial synchronous tool of P1 and P6: adds two numbers. */
export const ADD_TOOL: ScenarioTool = {
  name: 'add',
  description: 'Adds two numbers',
  inputSchema: {
    type: 'object',
    properties: {
      a: { type: 'number', description: 'first addend' },
      b: { type: 'number', description: 'second addend' },
    },
    required: ['a', 'b'],
    additionalProperties: false,
  },
  execute: (args) => (args.a as number) + (args.b as number),
};

/**
 * P1's scenario: `rounds` rounds of one `add` call each, then a text answer.
 *
 * @param rounds - tool rounds per request
 */
export function addScenario(rounds: number): ToolLoopScenario {
  return {
    rounds,
    callsPerRound: 1,
    tool: ADD_TOOL,
    toolArguments: '{"a":1,"b":2}',
    question: 'What is 1 + 2?',
    answer: 'The answer is 3.',
  };
}

/** Duration of one P4 tool call, in ms. */
export const SLEEP_TOOL_MS = 100;

/** P4's tool: an async sleep of `ms` milliseconds (I/O-bound work such as an HTTP call). */
export const SLEEP_TOOL: ScenarioTool = {
  name: 'sleep',
  description: 'Waits for the given number of milliseconds',
  inputSchema: {
    type: 'object',
    properties: { ms: { type: 'integer', description: 'milliseconds to wait' } },
    required: ['ms'],
    additionalProperties: false,
  },
  execute: (args) => new Promise<string>((resolve) => setTimeout(() => resolve('slept'), args.ms as number)),
};

/**
 * P4's scenario: one round of `calls` sleep calls, then a text answer.
 *
 * @param calls - tool calls in the round
 */
export function parallelSleepScenario(calls: number): ToolLoopScenario {
  return {
    rounds: 1,
    callsPerRound: calls,
    tool: SLEEP_TOOL,
    toolArguments: JSON.stringify({ ms: SLEEP_TOOL_MS }),
    question: `Wait ${calls} times.`,
    answer: 'All done.',
  };
}
