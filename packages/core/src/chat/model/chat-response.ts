import type { Generation } from './generation';
import type { Usage } from './usage';
import type { PendingApproval } from '../../model/tool/approval/pending-tool-call';

/** Response-level metadata. */
export interface ChatResponseMetadata {
  readonly id?: string;
  readonly model?: string;
  readonly usage?: Usage;
  /** Set when the turn paused before tool calls that need a person's approval (Sprout's; docs/approval.md). */
  readonly pendingApproval?: PendingApproval;
  readonly [key: string]: unknown;
}

/**
 * What a `ChatModel` returns: one generation per choice, plus metadata.
 *
 * @see Spring AI `ChatResponse`
 */
export class ChatResponse {
  readonly results: readonly Generation[];
  constructor(
    results: readonly Generation[],
    readonly metadata: ChatResponseMetadata = {},
  ) {
    this.results = Object.freeze([...results]);
  }

  /** The first generation, or `undefined` when there is none. */
  get result(): Generation | undefined {
    return this.results[0];
  }

  /** True when any generation asks for a tool call (Spring's rule). */
  hasToolCalls(): boolean {
    return this.results.some((g) => g.output.hasToolCalls());
  }

  /** A copy with other generations and/or metadata. */
  with(change: { results?: readonly Generation[]; metadata?: ChatResponseMetadata }): ChatResponse {
    return new ChatResponse(change.results ?? this.results, change.metadata ?? this.metadata);
  }
}
