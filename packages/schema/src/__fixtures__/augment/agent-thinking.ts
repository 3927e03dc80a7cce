import { Type } from 'class-transformer';
import { IsIn, ValidateNested } from 'class-validator';
import { ToolParam } from '@sprout-ai/core';

/** One step the model plans. */
export class PlanStep {
  /** What to do. */
  action!: string;

  @ToolParam({ description: 'Why this step, in a few words', required: false })
  reason!: string;
}

/** Base of the argument types: who is thinking. */
export class AgentSignal {
  /** The agent's name, when several agents share the tools. */
  agent?: string;
}

/** What the model thinks before it calls a tool. */
export class AgentThinking extends AgentSignal {
  @ToolParam({ description: 'Your reasoning for calling this tool' })
  innerThought!: string;

  /** How sure the model is. */
  @ToolParam({ required: false })
  @IsIn(['low', 'medium', 'high'])
  confidence?: 'low' | 'medium' | 'high';

  /** The next steps. */
  @ToolParam()
  @ValidateNested({ each: true })
  @Type(() => PlanStep)
  plan: PlanStep[] = [];

  @ToolParam({ description: 'When the model decided' })
  decidedAt?: Date;
}
