import type { ToolResponse } from '../../../chat/messages/tool-response-message';

/**
 * A person's decisions about the calls of a paused round, as the manager applies them when the
 * round is run again on resume (see `ToolExecutionOptions.decisions`).
 */
export interface ToolCallDecisions {
  /** Ids of calls approved: they run without asking again. */
  readonly approved: ReadonlySet<string>;
  /** Ids of calls declined, with the person's reason (may be empty): answered, not run. */
  readonly rejected: ReadonlyMap<string, string>;
  /** Responses of the calls that already ran before the pause: reused, not run again. */
  readonly answered: readonly ToolResponse[];
}

/**
 * What the model reads for a declined call.
 *
 * @param toolName - the tool
 * @param reason - the person's reason; blank for none
 */
export function declinedToolCallMessage(toolName: string, reason: string): string {
  const why = reason.trim() === '' ? '' : ` Reason: ${reason.trim()}`;
  return `The user declined to run tool '${toolName}'; it was not run.${why}`;
}
