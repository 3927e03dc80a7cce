import { AssistantMessage, type Message, ToolResponseMessage } from '@sprout-ai/core';

/** What {@link repairToolCallHistory} changed, one entry per problem. */
export interface ToolCallHistoryIssue {
  /**
   * - `unanswered-tool-call`: an assistant tool call with no tool response after it (the call was dropped);
   * - `orphan-tool-response`: a tool response with no matching call right before it (dropped);
   * - `duplicate-tool-response`: a second response to the same call (dropped).
   */
  readonly kind: 'unanswered-tool-call' | 'orphan-tool-response' | 'duplicate-tool-response';
  /** Index of the affected message in the input. */
  readonly index: number;
  /** The tool-call ids concerned. */
  readonly toolCallIds: readonly string[];
}

/** Result of {@link repairToolCallHistory}. */
export interface RepairedToolCallHistory {
  /** The messages a provider accepts; unchanged messages are the same objects as in the input. */
  readonly messages: Message[];
  /** What was dropped; empty when the input was already valid. */
  readonly issues: readonly ToolCallHistoryIssue[];
}

/**
 * Makes a message list safe to send: every assistant tool call is answered by a tool response in
 * the tool messages right after it, and every tool response answers such a call. Providers reject
 * a history that breaks this (OpenAI: "messages with role 'tool' must be a response to a preceding
 * message with 'tool_calls'").
 *
 * Repairs, in a single pass:
 * - an assistant message keeps only its answered calls; when none is left it is dropped, unless it
 *   has text, in which case the text is kept as a plain assistant message;
 * - tool responses without a matching call before them, and repeated responses to one call, are
 *   dropped; a tool message left empty is dropped.
 *
 * @param messages - a conversation, oldest first
 * @returns the repaired messages and the list of what was dropped
 * @remarks Not in Spring, which sends whatever memory holds.
 */
export function repairToolCallHistory(messages: readonly Message[]): RepairedToolCallHistory {
  const result: Message[] = [];
  const issues: ToolCallHistoryIssue[] = [];
  let i = 0;
  while (i < messages.length) {
    const message = messages[i];
    if (message instanceof AssistantMessage && message.hasToolCalls()) {
      let end = i + 1;
      while (end < messages.length && messages[end] instanceof ToolResponseMessage) end++;
      const callIds = new Set(message.toolCalls.map((call) => call.id));
      const answered = new Set<string>();
      const responses: Message[] = [];
      for (let j = i + 1; j < end; j++) {
        const toolMessage = messages[j] as ToolResponseMessage;
        const kept = toolMessage.responses.filter((response) => {
          if (!callIds.has(response.id)) {
            issues.push({ kind: 'orphan-tool-response', index: j, toolCallIds: [response.id] });
            return false;
          }
          if (answered.has(response.id)) {
            issues.push({ kind: 'duplicate-tool-response', index: j, toolCallIds: [response.id] });
            return false;
          }
          answered.add(response.id);
          return true;
        });
        if (kept.length === toolMessage.responses.length) responses.push(toolMessage);
        else if (kept.length > 0) responses.push(new ToolResponseMessage(kept, toolMessage.metadata));
      }
      const unanswered = message.toolCalls.filter((call) => !answered.has(call.id));
      if (unanswered.length > 0) {
        issues.push({ kind: 'unanswered-tool-call', index: i, toolCallIds: unanswered.map((call) => call.id) });
      }
      if (unanswered.length === 0) {
        result.push(message);
      } else if (answered.size > 0) {
        const calls = message.toolCalls.filter((call) => answered.has(call.id));
        result.push(new AssistantMessage(message.text, calls, message.metadata));
      } else if (message.text !== '') {
        result.push(new AssistantMessage(message.text, [], message.metadata));
      }
      result.push(...responses);
      i = end;
      continue;
    }
    if (message instanceof ToolResponseMessage) {
      issues.push({ kind: 'orphan-tool-response', index: i, toolCallIds: message.responses.map((r) => r.id) });
    } else {
      result.push(message);
    }
    i++;
  }
  return { messages: result, issues };
}

/**
 * True when two messages have the same role, text, tool calls, tool responses and metadata
 * (compared as JSON), whether or not they are the same object — e.g. a message and its copy read
 * back from a store.
 */
export function messagesEqual(a: Message, b: Message): boolean {
  if (a === b) return true;
  if (a.messageType !== b.messageType) return false;
  return JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));
}

function comparable(message: Message): unknown {
  if (message instanceof ToolResponseMessage) return [message.responses, message.metadata];
  if (message instanceof AssistantMessage) return [message.text, message.toolCalls, message.metadata];
  return [message.text, message.metadata];
}

/**
 * The length of the longest run at the end of `history` that equals the start of `messages`
 * (by {@link messagesEqual}); `messages.slice(result)` is what `history` does not hold yet.
 *
 * @internal
 */
export function overlapLength(history: readonly Message[], messages: readonly Message[]): number {
  for (let k = Math.min(history.length, messages.length); k > 0; k--) {
    let same = true;
    for (let j = 0; j < k && same; j++) same = messagesEqual(history[history.length - k + j], messages[j]);
    if (same) return k;
  }
  return 0;
}
