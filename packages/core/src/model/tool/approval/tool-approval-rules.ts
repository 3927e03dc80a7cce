import { ConfigurationError } from '../../../error/configuration-error';
import type { ToolApprovalPolicy, ToolApprovalRequest, ToolApprovalRequirement } from './tool-approval-policy';
import { toolNamePattern } from './tool-name-pattern';

/** What happens to MCP tools annotated `destructiveHint: true`. */
export type McpDestructiveApproval = 'required' | 'none';

/** Default of `sprout.tools.approval.mcp-destructive`: destructive MCP tools wait for approval. */
export const DEFAULT_MCP_DESTRUCTIVE_APPROVAL: McpDestructiveApproval = 'required';

/** Options of {@link ToolApprovalRules}; every one optional. */
export interface ToolApprovalRulesOptions {
  /** Tool-name globs whose calls need approval (`sprout.tools.approval.required-tools`), e.g. `['cancel*']`. */
  readonly requiredTools?: readonly string[];
  /** @defaultValue {@link DEFAULT_MCP_DESTRUCTIVE_APPROVAL} (`sprout.tools.approval.mcp-destructive`) */
  readonly mcpDestructive?: McpDestructiveApproval;
  /** Asked last, for calls no rule above caught (arguments-dependent rules). */
  readonly policy?: ToolApprovalPolicy;
}

/**
 * Which tool calls wait for a person's approval. A call needs it when, checked in this order:
 * 1. its tool's metadata says `approval: 'required'` (`@Tool({ approval: 'required' })`,
 *    `FunctionToolCallback`'s `toolMetadata`);
 * 2. its tool's name matches one of `requiredTools`;
 * 3. its tool carries the annotation `destructiveHint: true` (MCP) and `mcpDestructive` is `'required'`;
 * 4. the `policy` says so.
 * The first that applies gives the reason shown to the person asked. The rules depend on the tool
 * alone (its metadata travels with it), so a tool found through tool search or served over MCP keeps them.
 *
 * @remarks Sprout's; Spring leaves approval gates to a custom advisor or user-controlled execution.
 */
export class ToolApprovalRules {
  readonly requiredTools: readonly string[];
  readonly mcpDestructive: McpDestructiveApproval;
  readonly policy: ToolApprovalPolicy | undefined;
  readonly #patterns: readonly RegExp[];

  /**
   * @param options - name globs, the MCP destructive rule and a policy
   * @throws ConfigurationError for a blank pattern, an unknown `mcpDestructive` or a policy that is not a function
   */
  constructor(options: ToolApprovalRulesOptions = {}) {
    const requiredTools = [...(options.requiredTools ?? [])];
    for (const pattern of requiredTools) {
      if (typeof pattern !== 'string' || pattern.trim() === '') {
        throw invalid('sprout.tools.approval.required-tools', pattern, 'tool-name globs such as cancel*,refund');
      }
    }
    const mcpDestructive = options.mcpDestructive ?? DEFAULT_MCP_DESTRUCTIVE_APPROVAL;
    if (mcpDestructive !== 'required' && mcpDestructive !== 'none') {
      throw invalid('sprout.tools.approval.mcp-destructive', mcpDestructive, "'required' or 'none'");
    }
    if (options.policy !== undefined && typeof options.policy !== 'function') {
      throw invalid('ToolApprovalRules policy', options.policy, 'a function (request) => { reason } | undefined');
    }
    this.requiredTools = Object.freeze(requiredTools);
    this.#patterns = requiredTools.map((p) => toolNamePattern(p.trim()));
    this.mcpDestructive = mcpDestructive;
    this.policy = options.policy;
  }

  /**
   * @param request - a prepared call with valid arguments
   * @returns why the call needs approval, or `undefined` when it may run
   * @throws whatever the policy throws
   */
  check(request: ToolApprovalRequest): ToolApprovalRequirement | undefined {
    const { toolName, toolMetadata } = request;
    if (toolMetadata.approval === 'required') return { reason: `${toolName} is marked approval: 'required'` };
    const index = this.#patterns.findIndex((pattern) => pattern.test(toolName));
    if (index >= 0) {
      return { reason: `${toolName} matches sprout.tools.approval.required-tools '${this.requiredTools[index]}'` };
    }
    if (this.mcpDestructive === 'required' && toolMetadata.annotations?.destructiveHint === true) {
      return { reason: `${toolName} is annotated destructiveHint: true by its server` };
    }
    const required = this.policy?.(request) as { reason: unknown } | null | undefined;
    // A policy written in JavaScript may answer null, or a reason that is not a string.
    return required === undefined || required === null ? undefined : { reason: String(required.reason) };
  }
}

function invalid(setting: string, value: unknown, allowed: string): ConfigurationError {
  return new ConfigurationError({
    setting,
    value,
    allowed,
    message: `${setting} got ${JSON.stringify(value) ?? String(value)}; expected ${allowed}.`,
  });
}
