import { IsEmail, Min } from 'class-validator';
import { toolDefinition } from '../definition/tool-definition';
import { Tool } from '../annotation/tool';
import { ToolExecutionError } from '../execution/tool-execution-error';
import type { ToolMethodSchema } from '../schema/tool-schema-manifest';
import { MethodToolCallback } from './method-tool-callback';
import { reviveDateArguments } from './revive-date-arguments';

class Booking {
  @IsEmail()
  email!: string;

  @Min(1)
  seats!: number;

  placedAt!: Date;
}

class ScheduleTools {
  received: unknown[] = [];

  @Tool()
  book(when: Date, window: { from: Date; to?: Date }, history: Date[], label?: string, booking?: Booking): string {
    this.received = [when, window, history, label, booking];
    return 'booked';
  }
}

/** What sprout-schema writes for ScheduleTools.book (see packages/schema's all-types fixture). */
const bookSchema: ToolMethodSchema = {
  className: 'ScheduleTools',
  methodName: 'book',
  sourceFile: 'schedule-tools.ts',
  parameters: ['when', 'window', 'history', 'label', 'booking'].map((name, index) => ({
    name,
    index,
    kind: 'argument' as const,
    optional: index >= 3,
  })),
  inputSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    $defs: {
      Booking: {
        type: 'object',
        properties: {
          email: { type: 'string', format: 'email' },
          seats: { type: 'number', minimum: 1 },
          placedAt: { type: 'string', format: 'date-time' },
        },
        required: ['email', 'seats', 'placedAt'],
        additionalProperties: false,
      },
    },
    properties: {
      when: { type: 'string', format: 'date-time' },
      window: {
        type: 'object',
        properties: { from: { type: 'string', format: 'date-time' }, to: { type: 'string', format: 'date-time' } },
        required: ['from'],
        additionalProperties: false,
      },
      history: { type: 'array', items: { type: 'string', format: 'date-time' } },
      label: { type: 'string', format: 'date-time' },
      booking: { $ref: '#/$defs/Booking' },
    },
    required: ['when', 'window', 'history'],
    additionalProperties: false,
  },
  dateSchemaPaths: [
    '#/$defs/Booking/properties/placedAt',
    '#/properties/when',
    '#/properties/window/properties/from',
    '#/properties/window/properties/to',
    '#/properties/history/items',
  ],
  returnsVoid: false,
};

function bookCallback(tools: ScheduleTools): MethodToolCallback {
  return MethodToolCallback.builder()
    .toolDefinition(toolDefinition({ name: 'book', inputSchema: JSON.stringify(bookSchema.inputSchema) }))
    .toolObject(tools)
    .toolMethodName('book')
    .methodSchema(bookSchema)
    .build();
}

describe(reviveDateArguments, () => {
  it('should convert only the strings at Date schema nodes, through $refs and arrays', () => {
    const args = reviveDateArguments(
      {
        when: '2025-01-02T03:04:05Z',
        history: ['2025-01-01T00:00:00Z'],
        label: '2025-01-01T00:00:00Z',
        booking: { placedAt: '2025-02-01T00:00:00Z' },
      },
      bookSchema.inputSchema,
      bookSchema.dateSchemaPaths,
    );
    expect(args.when).toEqual(new Date('2025-01-02T03:04:05Z'));
    expect(args.history).toEqual([new Date('2025-01-01T00:00:00Z')]);
    expect(args.label).toBe('2025-01-01T00:00:00Z');
    expect((args.booking as Record<string, unknown>).placedAt).toEqual(new Date('2025-02-01T00:00:00Z'));
  });
});

describe(MethodToolCallback, () => {
  describe('.call', () => {
    describe('when parameters and nested properties are Dates', () => {
      it('should pass Date objects to the method, inside DTO instances too', async () => {
        const tools = new ScheduleTools();
        await bookCallback(tools).call(
          JSON.stringify({
            when: '2025-01-02T03:04:05Z',
            window: { from: '2025-01-01T00:00:00Z', to: null },
            history: ['2025-01-01T00:00:00Z'],
            label: null,
            booking: { email: 'ann@example.com', seats: '2', placedAt: '2025-02-01T00:00:00.000Z' },
          }),
        );
        const [when, window, history, label, booking] = tools.received as [
          Date,
          { from: Date },
          Date[],
          unknown,
          Booking,
        ];
        expect(when).toBeInstanceOf(Date);
        expect(window).toEqual({ from: new Date('2025-01-01T00:00:00Z') });
        expect(history[0]).toBeInstanceOf(Date);
        expect(label).toBeUndefined();
        expect(booking).toBeInstanceOf(Booking);
        expect(booking.seats).toBe(2);
        expect(booking.placedAt).toEqual(new Date('2025-02-01T00:00:00Z'));
      });
    });

    describe('when the model sends null for optional parameters (OpenAI strict mode)', () => {
      it('should pass undefined, as if they were absent', async () => {
        const tools = new ScheduleTools();
        await bookCallback(tools).call(
          '{"when":"2025-01-02T03:04:05Z","window":{"from":"2025-01-01T00:00:00Z","to":null},"history":[],"label":null,"booking":null}',
        );
        expect(tools.received.slice(3)).toEqual([undefined, undefined]);
        expect(Object.keys(tools.received[1] as object)).toEqual(['from']);
      });
    });

    describe('when a DTO breaks several rules', () => {
      it('should report every field and rule in one message', async () => {
        const call = bookCallback(new ScheduleTools()).call(
          '{"when":"2025-01-02T03:04:05Z","window":{"from":"2025-01-01T00:00:00Z"},"history":[],"booking":{"email":"nope","seats":0,"placedAt":"2025-02-01T00:00:00Z"}}',
        );
        await expect(call).rejects.toThrow(ToolExecutionError);
        await expect(call).rejects.toThrow(
          'Invalid arguments for tool \'book\': /booking/email must match format "email"; /booking/seats must be >= 1. Fix the arguments and call the tool again.',
        );
      });
    });
  });
});
