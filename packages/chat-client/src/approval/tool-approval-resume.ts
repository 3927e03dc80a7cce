import {
  AssistantMessage,
  InvalidToolArgumentsError,
  type ToolCall,
  type ToolCallback,
  type ToolCallDecisions,
  type ToolCallingChatOptions,
  type ToolCallingManager,
} from '@sprout-ai/core';
import { prepareToolArguments } from '@sprout-ai/core/internal';
import { InvalidToolApprovalError } from './invalid-tool-approval-error';
import type { PausedTurn } from './paused-turn';
import type { ToolApprovalDecision } from './tool-approval-decision';
import type { ToolApprovalStore } from './tool-approval-store';

/**
 * Context key of a resume in the request that enters the advisor chain (set by
 * `ChatClientRequestSpec.resume`, read by the ToolCallingAdvisor). Internal.
 */
export const TOOL_APPROVAL_RESUME_KEY = '@sprout-ai/chat-client/tool-approval-resume';

/** A verified paused turn and the decisions that resume it (internal). */
export interface ToolApprovalResume {
  readonly store: ToolApprovalStore;
  readonly turn: PausedTurn;
  readonly decisions: readonly ToolApprovalDecision[];
}

/** @returns the resume a request carries, or `undefined` */
export function toolApprovalResumeOf(context: Readonly<Record<string, unknown>>): ToolApprovalResume | undefined {
  return context[TOOL_APPROVAL_RESUME_KEY] as ToolApprovalResume | undefined;
}

/**
 * Applies the decisions to the paused round: the assistant message with edited arguments put in, and
 * the decisions in the manager's form. Validates edited arguments against the tool's schema and
 * checks each approved call's tool is offered. Changes nothing.
 *
 * @param resume - the verified turn and its decisions
 * @param options - the options the resumed round's tools run with
 * @param manager - resolves tool names the options list by name only
 * @throws InvalidToolArgumentsError when edited arguments do not satisfy the tool's schema
 * @throws InvalidToolApprovalError (`unknown-tool`) when an approved call's tool is not offered
 */
export function applyToolApprovalDecisions(
  resume: ToolApprovalResume,
  options: ToolCallingChatOptions | undefined,
  manager: ToolCallingManager,
): { assistant: AssistantMessage; decisions: ToolCallDecisions } {
  const { turn } = resume;
  const approved = new Set<string>();
  const rejected = new Map<string, string>();
  const edits = new Map<string, string>();
  for (const decision of resume.decisions) {
    if (!decision.approve) {
      rejected.set(decision.toolCallId, typeof decision.reason === 'string' ? decision.reason : '');
      continue;
    }
    approved.add(decision.toolCallId);
    const call = turn.assistant.toolCalls.find((c) => c.id === decision.toolCallId) as ToolCall;
    const callback = resolve(call.name, options, manager);
    if (callback === undefined) {
      throw new InvalidToolApprovalError({
        conversationId: turn.conversationId,
        problem: 'unknown-tool',
        toolCallId: call.id,
        message: `The resumed request does not offer tool '${call.name}' (call ${call.id}); give it the tools of the paused turn.`,
      });
    }
    if (decision.arguments !== undefined) edits.set(call.id, validatedEdit(call.name, decision.arguments, callback));
  }
  const assistant =
    edits.size === 0
      ? turn.assistant
      : new AssistantMessage(
          turn.assistant.text,
          turn.assistant.toolCalls.map((c) => (edits.has(c.id) ? { ...c, arguments: edits.get(c.id) as string } : c)),
          turn.assistant.metadata,
        );
  return { assistant, decisions: { approved, rejected, answered: turn.answered } };
}

function resolve(
  name: string,
  options: ToolCallingChatOptions | undefined,
  manager: ToolCallingManager,
): ToolCallback | undefined {
  const own = options?.toolCallbacks?.find((c) => c.toolDefinition.name === name);
  if (own !== undefined) return own;
  const resolver = (manager as { toolCallbackResolver?: { resolve(n: string): ToolCallback | null | undefined } })
    .toolCallbackResolver;
  return resolver?.resolve(name) ?? undefined;
}

/** The edited arguments as JSON text, once the tool's own preparation accepts them. */
function validatedEdit(toolName: string, edited: unknown, callback: ToolCallback): string {
  const text = typeof edited === 'object' && edited !== null && !Array.isArray(edited) ? JSON.stringify(edited) : '';
  const prepared =
    callback.prepareArguments !== undefined ? callback.prepareArguments(text) : prepareToolArguments(text);
  const violations =
    prepared.value === undefined ? [prepared.problem ?? 'the arguments must be a JSON object'] : prepared.violations;
  if (violations.length > 0) {
    throw new InvalidToolArgumentsError({
      toolName,
      violations,
      message: `The edited arguments of tool '${toolName}' are not valid: ${violations.join('; ')}. Nothing was changed; decide again.`,
    });
  }
  return prepared.text;
}
