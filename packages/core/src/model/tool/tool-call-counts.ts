import type { Message } from '../../chat/messages/message';
import { type ToolResponse, ToolResponseMessage } from '../../chat/messages/tool-response-message';
import { UserMessage } from '../../chat/messages/user-message';

/**
 * The tool calls of a turn so far (since its last user message), as the call limits count them:
 * one per tool response in the history.
 *
 * @remarks Sprout's: the ChatClient's loop hands each round's counts to the next
 * (`ToolExecutionResult.callCounts` → `ToolExecutionOptions.callCounts`) instead of having the
 * manager count the whole history again every round.
 */
export interface ToolCallCounts {
  /** Tool rounds (tool response messages). */
  readonly rounds: number;
  /** Tool calls of every tool. */
  readonly total: number;
  /** Tool calls per tool name. */
  readonly perTool: ReadonlyMap<string, number>;
}

/**
 * Counts the tool calls of the turn that ends `history`: the tool responses after its last user message.
 *
 * @param history - a prompt's messages
 */
export function countToolCalls(history: readonly Message[]): ToolCallCounts {
  let perTool: Map<string, number> | undefined;
  let total = 0;
  let rounds = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i];
    if (message instanceof UserMessage) break;
    if (!(message instanceof ToolResponseMessage)) continue;
    rounds += 1;
    total += message.responses.length;
    addPerTool((perTool ??= new Map<string, number>()), message.responses);
  }
  return perTool === undefined ? NO_TOOL_CALLS : { rounds, total, perTool };
}

/** The counts of a turn without tool calls yet (its first round); frozen, shared. */
const NO_TOOL_CALLS: ToolCallCounts = Object.freeze({ rounds: 0, total: 0, perTool: new Map<string, number>() });

/**
 * @param counts - the turn's counts before a round
 * @param responses - the round's tool responses (one tool response message)
 * @returns the counts with the round added
 */
export function addToolRound(counts: ToolCallCounts, responses: readonly ToolResponse[]): ToolCallCounts {
  const perTool = new Map(counts.perTool);
  addPerTool(perTool, responses);
  return { rounds: counts.rounds + 1, total: counts.total + responses.length, perTool };
}

function addPerTool(perTool: Map<string, number>, responses: readonly ToolResponse[]): void {
  // An index loop: on Node 20 for…of over a frozen array takes V8's slow path.
  for (let j = 0; j < responses.length; j++) {
    const name = responses[j].name;
    perTool.set(name, (perTool.get(name) ?? 0) + 1);
  }
}
