import { ToolParam } from '@sprout-ai/core';

export class Twice {
  @ToolParam()
  b!: string;
}
