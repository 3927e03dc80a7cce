import { Type } from 'class-transformer';
import { IsIn, IsOptional, MinLength, ValidateNested } from 'class-validator';
import { ToolParam } from '../../annotation/tool-param';
import type { ToolArgumentTypeSchema, ToolSchemaManifest } from '../../schema/tool-schema-manifest';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

/** A nested type of the argument type. */
export class PlanStep {
  @MinLength(3)
  action!: string;
}

/** The argument type of the tests, as a user writes it. */
export class AgentThinking {
  @ToolParam({ description: 'Your reasoning for calling this tool' })
  innerThought!: string;

  @ToolParam({ description: 'Confidence level (low, medium, high)', required: false })
  @IsOptional()
  @IsIn(['low', 'medium', 'high'])
  confidence?: string;

  @ToolParam()
  @ValidateNested({ each: true })
  @Type(() => PlanStep)
  plan?: PlanStep[];

  @ToolParam({ description: 'When the model decided' })
  decidedAt?: Date;

  /** Shows that the consumer receives an instance. */
  summary(): string {
    return `${this.confidence ?? 'unsure'}: ${this.innerThought}`;
  }
}

/** One string field, as Spring's `SimpleArguments`. */
export class SimpleArguments {
  @ToolParam({ description: 'Simple field' })
  value!: string;
}

/** What `sprout-schema` writes for {@link AgentThinking}, by hand. */
export const agentThinkingSchema: ToolArgumentTypeSchema = {
  className: 'AgentThinking',
  sourceFile: 'src/agent-thinking.ts',
  inputSchema: {
    $schema: DRAFT,
    type: 'object',
    $defs: {
      PlanStep: {
        type: 'object',
        properties: { action: { type: 'string', minLength: 3, description: 'What to do.' } },
        required: ['action'],
        additionalProperties: false,
      },
    },
    properties: {
      innerThought: { type: 'string', description: 'Your reasoning for calling this tool' },
      confidence: {
        type: 'string',
        enum: ['low', 'medium', 'high'],
        description: 'Confidence level (low, medium, high)',
      },
      plan: { type: 'array', items: { $ref: '#/$defs/PlanStep' }, description: 'The next steps.' },
      decidedAt: { type: 'string', format: 'date-time', description: 'When the model decided' },
    },
    required: ['innerThought'],
    additionalProperties: false,
  },
  dateSchemaPaths: ['#/properties/decidedAt'],
};

/** A manifest with the argument types of this file (and no tools). */
export const argumentTypesManifest: ToolSchemaManifest = {
  version: 1,
  generator: 'hand-written@test',
  argumentTypes: {
    AgentThinking: agentThinkingSchema,
    SimpleArguments: {
      className: 'SimpleArguments',
      sourceFile: 'src/simple-arguments.ts',
      inputSchema: {
        $schema: DRAFT,
        type: 'object',
        properties: { value: { type: 'string', description: 'Simple field' } },
        required: ['value'],
        additionalProperties: false,
      },
    },
  },
  tools: {},
};
