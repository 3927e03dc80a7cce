import 'reflect-metadata';
import type { ToolSchemaManifest } from '@sprout-ai/core';
import { Length } from 'class-validator';

/**
 * The desk's answer about one order, as a user writes a structured output type.
 *
 * @structuredOutput
 */
export class OrderAnswer {
  /** The order's id. */
  @Length(4, 8)
  orderId!: string;
  /** Where the order is. */
  status!: 'placed' | 'shipped' | 'delivered';
  /** When it is expected, if known. */
  expectedAt?: Date;

  /** A method, to show the answer is an instance. */
  summary(): string {
    return `${this.orderId} is ${this.status}`;
  }
}

/** What `sprout-schema` writes for {@link OrderAnswer}, by hand (generation is tested in @sprout-ai/schema). */
export const orderAnswerManifest: ToolSchemaManifest = {
  version: 1,
  generator: 'hand-written@chat-client-test',
  outputTypes: {
    OrderAnswer: {
      typeName: 'OrderAnswer',
      sourceFile: 'src/__fixtures__/order-answer.ts',
      schema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {
          orderId: { type: 'string', description: "The order's id." },
          status: { type: 'string', enum: ['placed', 'shipped', 'delivered'], description: 'Where the order is.' },
          expectedAt: { type: 'string', format: 'date-time', description: 'When it is expected, if known.' },
        },
        required: ['orderId', 'status'],
        additionalProperties: false,
        description: "The desk's answer about one order.",
      },
      dateSchemaPaths: ['#/properties/expectedAt'],
    },
  },
  tools: {},
};
