import type { Media } from '../content/media';

/**
 * A tool's answer with more than text, from {@link ToolCallback.callPreparedForResult}: the text the
 * model reads, binary content a provider attaches as model-native parts (images), and the
 * structured value the tool returned.
 *
 * @remarks Not in Spring AI, whose `ToolCallback` answers a `String`; an MCP tool's images would
 * otherwise reach the model as base64 text.
 */
export interface ToolCallResult {
  /**
   * What the model reads. Binary content is not in it as data: a short placeholder stands where it
   * was, e.g. `[image/png, 48213 bytes]`.
   */
  readonly text: string;
  /** Binary content the tool returned, in order, for providers that take it (see `ToolResponse.media`). */
  readonly media?: readonly Media[];
  /** The tool's structured result (an MCP tool's `structuredContent`), for the caller. */
  readonly structuredContent?: unknown;
}
