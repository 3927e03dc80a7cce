/** A JSON Schema object, e.g. `{ type: 'object', properties: { a: { type: 'number' } }, required: ['a'] }`. */
export type JsonSchemaObject = Readonly<Record<string, unknown>>;

/** The one tool every contender registers, with the same schema and the same function. */
export interface ScenarioTool {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments object. */
  readonly inputSchema: JsonSchemaObject;
  /** The tool's code; gets the parsed arguments object. */
  execute(args: Readonly<Record<string, unknown>>): unknown;
}

/**
 * The work of one request, identical for every contender: the model asks for `callsPerRound`
 * calls of `tool` (with `toolArguments`) `rounds` times, then answers `answer`.
 */
export interface ToolLoopScenario {
  readonly rounds: number;
  readonly callsPerRound: number;
  readonly tool: ScenarioTool;
  /** Arguments of every call, as the JSON text a model sends, e.g. `{"a":1,"b":2}`. */
  readonly toolArguments: string;
  readonly question: string;
  readonly answer: string;
}

/** A tool call as the scripted model emits it (contenders map it to their own type). */
export interface ScriptedToolCall {
  readonly id: string;
  readonly name: string;
  /** JSON text. */
  readonly arguments: string;
}

/** What the scripted model answers: tool calls, or the final text. */
export type ScriptedStep =
  | { readonly kind: 'tools'; readonly calls: readonly ScriptedToolCall[] }
  | { readonly kind: 'text'; readonly text: string };

/** Counts of model calls and tool executions, to prove every contender did the same work. */
export interface WorkCounter {
  modelCalls: number;
  toolCalls: number;
}

/** The scripted model's decision and the counted tool, shared by one contender's adapters. */
export interface ScenarioWork {
  readonly scenario: ToolLoopScenario;
  readonly counter: WorkCounter;
  /**
   * The model's answer given how many tool results the conversation holds so far.
   *
   * @param toolResultsSeen - tool-result messages (or parts) in the prompt
   */
  respond(toolResultsSeen: number): ScriptedStep;
  /** Runs the scenario's tool (and counts it). */
  executeTool(args: Readonly<Record<string, unknown>>): unknown;
}

/**
 * Creates the per-contender work object of a scenario (its own counter).
 *
 * @param scenario - rounds, calls per round, tool and texts
 */
export function createScenarioWork(scenario: ToolLoopScenario): ScenarioWork {
  const steps: ScriptedStep[] = [];
  for (let round = 0; round < scenario.rounds; round++) {
    const calls = Array.from({ length: scenario.callsPerRound }, (_, i) => ({
      id: `call_${round + 1}_${i + 1}`,
      name: scenario.tool.name,
      arguments: scenario.toolArguments,
    }));
    steps.push({ kind: 'tools', calls });
  }
  const final: ScriptedStep = { kind: 'text', text: scenario.answer };
  const counter: WorkCounter = { modelCalls: 0, toolCalls: 0 };
  return {
    scenario,
    counter,
    respond(toolResultsSeen) {
      counter.modelCalls++;
      return steps[toolResultsSeen / scenario.callsPerRound] ?? final;
    },
    executeTool(args) {
      counter.toolCalls++;
      return scenario.tool.execute(args);
    },
  };
}

/** One contender running a scenario: `run` performs one whole request (all rounds). */
export interface LoopContender {
  /** Short id for `--contender`, e.g. `sprout`. */
  readonly id: string;
  /** Printed name, e.g. `Sprout ChatClient`. */
  readonly label: string;
  readonly counter: WorkCounter;
  run(): Promise<string>;
}

/** Builds a contender for a scenario. */
export type LoopContenderFactory = (scenario: ToolLoopScenario) => LoopContender;

/**
 * Runs one request and checks it did exactly the scenario's work (answer text, model calls, tool
 * calls), so no contender is measured doing less.
 *
 * @throws Error naming the contender and the mismatch
 */
export async function verifyEqualWork(contender: LoopContender, scenario: ToolLoopScenario): Promise<void> {
  contender.counter.modelCalls = 0;
  contender.counter.toolCalls = 0;
  const text = await contender.run();
  const expected = {
    text: scenario.answer,
    modelCalls: scenario.rounds + 1,
    toolCalls: scenario.rounds * scenario.callsPerRound,
  };
  const actual = { text, modelCalls: contender.counter.modelCalls, toolCalls: contender.counter.toolCalls };
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(
      `${contender.label} did not do the agreed work: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}. ` +
        'Fix its adapter in apps/bench/src/loop before comparing numbers.',
    );
  }
}
