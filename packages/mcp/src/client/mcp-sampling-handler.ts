import type { CreateMessageRequestParams, CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';

/** An MCP server's `sampling/createMessage` request, as an {@link McpSamplingHandler} gets it. */
export interface McpSamplingRequest {
  /** The connection the request came from, e.g. `github`. */
  readonly connectionName: string;
  /** The messages, `systemPrompt`, `maxTokens`, `temperature`, `stopSequences` and model preferences. */
  readonly params: CreateMessageRequestParams;
  /** Aborts when the server cancels the request or the session ends. */
  readonly signal: AbortSignal;
}

/**
 * Answers a server's request for a model completion (`sampling/createMessage`) with one assistant
 * message. A client declares the `sampling` capability only when a handler is set; in
 * `@sprout-ai/boot` the default is {@link chatModelSamplingHandler} over the application's
 * `ChatModel` (`sprout.mcp.client.sampling.enabled=false` turns it off).
 *
 * @see Spring AI `@McpSampling`, MCP Java SDK `McpClient.sampling(...)`
 */
export type McpSamplingHandler = (request: McpSamplingRequest) => Promise<CreateMessageResult>;
