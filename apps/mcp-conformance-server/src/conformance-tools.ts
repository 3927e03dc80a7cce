import { McpTool, McpToolError, McpToolParam } from '@sprout-ai/mcp';

/** The tools the conformance suite's server scenarios call, as `@McpTool` methods. */
export class ConformanceTools {
  @McpTool({ name: 'test_simple_text', description: 'Returns simple text' })
  simpleText(): string {
    return 'This is a simple text response for testing.';
  }

  @McpTool({ name: 'test_error_handling', description: 'Always fails' })
  errorHandling(): string {
    throw new McpToolError('This tool intentionally returns an error for testing');
  }

  @McpTool({ name: 'test_sampling', description: 'Asks the client for an LLM completion' })
  sampling(@McpToolParam({ description: 'The prompt to send to the LLM' }) prompt: string): string {
    return `not supported: ${prompt}`;
  }

  @McpTool({ name: 'test_elicitation', description: 'Asks the user for input' })
  elicitation(@McpToolParam({ description: 'The message to show the user' }) message: string): string {
    return `not supported: ${message}`;
  }
}
