import type { AssistantMessage } from '../messages/assistant-message';

/** Per-choice metadata. */
export interface GenerationMetadata {
  /** Provider's `finish_reason` (`stop`, `tool_calls`, `length` …) or Sprout's own
   * (`returnDirect`, `toolCallLimitExceeded`). */
  readonly finishReason?: string;
  readonly [key: string]: unknown;
}

/** One choice of a model response. @see Spring AI `Generation` */
export interface Generation {
  readonly output: AssistantMessage;
  readonly metadata: GenerationMetadata;
}
