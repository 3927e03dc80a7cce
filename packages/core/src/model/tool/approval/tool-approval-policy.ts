import type { ToolDefinition } from '../../../tool/definition/tool-definition';
import type { ToolArguments } from '../../../tool/execution/tool-arguments-parser';
import type { ToolMetadata } from '../../../tool/metadata/tool-metadata';

/** One prepared tool call, as an approval rule or policy sees it. */
export interface ToolApprovalRequest {
  readonly toolName: string;
  /** The call's arguments, parsed, coerced and validated (e.g. `{ orderId: 'A123' }`). */
  readonly arguments: ToolArguments;
  readonly toolDefinition: ToolDefinition;
  readonly toolMetadata: ToolMetadata;
}

/** Why a call waits for approval; `reason` is shown to the person asked, e.g. `refund over 100 EUR`. */
export interface ToolApprovalRequirement {
  readonly reason: string;
}

/**
 * Decides, from a call's tool and arguments, whether it needs a person's approval — for what the
 * declarative rules cannot say (e.g. refunds over 100). Synchronous and side-effect free: it may be
 * asked again for the same call.
 *
 * @example `(call) => call.toolName === 'refund' && Number(call.arguments.amount) > 100 ? { reason: 'refund over 100' } : undefined`
 * @returns the requirement, or `undefined` when the call may run without approval
 * @remarks Sprout's; Spring leaves approval gates to a custom advisor.
 */
export type ToolApprovalPolicy = (request: ToolApprovalRequest) => ToolApprovalRequirement | undefined;
