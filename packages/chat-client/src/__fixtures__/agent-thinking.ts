import { ToolParam, type ToolSchemaManifest } from '@sprout-ai/core';

/** The augmentation argument type of the chat-client tests, as a user writes it. */
export class AgentThinking {
  @ToolParam({ description: 'Your reasoning for calling this tool' })
  innerThought!: string;

  @ToolParam({ description: 'Confidence level (low, medium, high)', required: false })
  confidence?: string;
}

/** What `sprout-schema` writes for {@link AgentThinking}, by hand. */
export const agentThinkingManifest: ToolSchemaManifest = {
  version: 1,
  generator: 'hand-written@chat-client-test',
  argumentTypes: {
    AgentThinking: {
      className: 'AgentThinking',
      sourceFile: 'src/__fixtures__/agent-thinking.ts',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {
          innerThought: { type: 'string', description: 'Your reasoning for calling this tool' },
          confidence: {
            type: 'string',
            enum: ['low', 'medium', 'high'],
            description: 'Confidence level (low, medium, high)',
          },
        },
        required: ['innerThought'],
        additionalProperties: false,
      },
    },
  },
  tools: {},
};
