import { IsEmail, IsIn, IsInt, IsString, Max, Min, MinLength } from 'class-validator';
import { ToolContext } from '../../../chat/model/tool-context';
import { Tool } from '../../annotation/tool';
import { ToolParam } from '../../annotation/tool-param';
import type { ToolMethodSchema, ToolSchemaManifest } from '../../schema/tool-schema-manifest';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * Declares the fixture classes anew: their decorators record them (core's `toolClassRegistry`,
 * class-validator's metadata) when this is called, not when this module is imported.
 */
export function declareOrderTools() {
  /** A DTO parameter, checked with class-validator after schema validation. */
  class TicketRequest {
    @IsEmail()
    email!: string;

    @IsString()
    @MinLength(10)
    summary!: string;

    @IsInt()
    @Min(1)
    @Max(5)
    priority!: number;

    @IsIn(['web', 'phone'])
    channel!: string;

    /** Shows that the value arrives as a class instance. */
    describe(): string {
      return `${this.channel}:${this.email}:${this.priority}`;
    }
  }

  class OrderTools {
    readonly calls: unknown[][] = [];

    @Tool({ description: 'Status of an order' })
    getOrderStatus(@ToolParam({ description: 'The order id, e.g. A123' }) orderId: string, ctx: ToolContext): string {
      this.calls.push([orderId, ctx]);
      const user = ctx.get<string>('userId');
      return user === undefined ? 'AUTH_REQUIRED' : `${orderId}:shipped:${user}`;
    }

    @Tool()
    listOrders(): string[] {
      return ['A1', 'A2'];
    }

    @Tool({ name: 'scheduleDelivery', returnDirect: true })
    schedule(
      orderId: string,
      @ToolParam({ required: false }) when: Date,
      @ToolParam({ required: true }) note?: string,
    ) {
      this.calls.push([orderId, when, note]);
      return { orderId, when: when instanceof Date ? when.toISOString() : typeof when, note };
    }

    @Tool({ description: 'Open a support ticket' })
    createTicket(request: TicketRequest): string {
      return request instanceof TicketRequest ? request.describe() : 'not converted';
    }

    @Tool({ description: 'Always fails' })
    async failing(orderId: string): Promise<string> {
      await Promise.resolve();
      throw new Error(`Database down while reading ${orderId}`);
    }

    @Tool({ description: 'Set an alarm' })
    setAlarm(time: string): void {
      this.calls.push([time]);
    }
  }

  return { OrderTools, TicketRequest };
}

function entry(methodName: string, partial: Partial<ToolMethodSchema>): ToolMethodSchema {
  return {
    className: 'OrderTools',
    methodName,
    sourceFile: 'src/order-tools.ts',
    parameters: [],
    inputSchema: { $schema: DRAFT, type: 'object', properties: {}, required: [], additionalProperties: false },
    returnsVoid: false,
    ...partial,
  };
}

/** What `sprout-schema` would write for the `OrderTools` of {@link declareOrderTools}, by hand. */
export const orderToolsManifest: ToolSchemaManifest = {
  version: 1,
  generator: 'hand-written@test',
  tools: {
    'OrderTools.getOrderStatus': entry('getOrderStatus', {
      parameters: [
        { name: 'orderId', index: 0, kind: 'argument', optional: false },
        { name: 'ctx', index: 1, kind: 'toolContext', optional: false },
      ],
      inputSchema: {
        $schema: DRAFT,
        type: 'object',
        properties: { orderId: { type: 'string', description: 'TSDoc text of orderId' } },
        required: ['orderId'],
        additionalProperties: false,
      },
    }),
    'OrderTools.listOrders': entry('listOrders', { description: 'Lists the orders of the current user.' }),
    'OrderTools.schedule': entry('schedule', {
      parameters: [
        { name: 'orderId', index: 0, kind: 'argument', optional: false },
        { name: 'when', index: 1, kind: 'argument', optional: false },
        { name: 'note', index: 2, kind: 'argument', optional: true },
      ],
      inputSchema: {
        $schema: DRAFT,
        type: 'object',
        properties: {
          orderId: { type: 'string' },
          when: { type: 'string', format: 'date-time' },
          note: { type: 'string' },
        },
        required: ['orderId', 'when'],
        additionalProperties: false,
      },
    }),
    'OrderTools.createTicket': entry('createTicket', {
      parameters: [{ name: 'request', index: 0, kind: 'argument', optional: false }],
      inputSchema: {
        $schema: DRAFT,
        type: 'object',
        $defs: {
          TicketRequest: {
            type: 'object',
            properties: {
              email: { type: 'string' },
              summary: { type: 'string' },
              priority: { type: 'number' },
              channel: { type: 'string' },
            },
            required: ['email', 'summary', 'priority', 'channel'],
            additionalProperties: false,
          },
        },
        properties: { request: { $ref: '#/$defs/TicketRequest' } },
        required: ['request'],
        additionalProperties: false,
      },
    }),
    'OrderTools.failing': entry('failing', {
      parameters: [{ name: 'orderId', index: 0, kind: 'argument', optional: false }],
      inputSchema: {
        $schema: DRAFT,
        type: 'object',
        properties: { orderId: { type: 'string' } },
        required: ['orderId'],
        additionalProperties: false,
      },
    }),
    'OrderTools.setAlarm': entry('setAlarm', {
      parameters: [{ name: 'time', index: 0, kind: 'argument', optional: false }],
      inputSchema: {
        $schema: DRAFT,
        type: 'object',
        properties: { time: { type: 'string' } },
        required: ['time'],
        additionalProperties: false,
      },
      returnsVoid: true,
    }),
  },
};
