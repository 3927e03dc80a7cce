import { ToolParam } from '@sprout-ai/core';

/**
 * What `--log-reasoning` asks the model to send with every tool call (an augmentation argument
 * type: `sprout-schema` writes its schema to the manifest, the tools never receive it).
 */
export class ToolReasoning {
  @ToolParam({ description: 'Why you call this tool now, in one short sentence' })
  innerThought!: string;
}

/**
 * Formats one call's reasoning as a stderr line, e.g. `reasoning tool=getOrderStatus innerThought="用户问 A123"`.
 *
 * @param toolName - the tool the model called
 * @param reasoning - what the model sent with the call
 * @returns the line, without a trailing newline
 */
export function formatToolReasoning(toolName: string, reasoning: ToolReasoning): string {
  return `reasoning tool=${toolName} innerThought=${JSON.stringify(reasoning.innerThought)}`;
}
