import { errorOf } from '@sprout-ai/test';
import { ToolContext } from '../../chat/model/tool-context';
import { ConfigurationError } from '../../error/configuration-error';
import { InvalidToolSchemaError } from '../schema/invalid-tool-schema-error';
import { toolDefinition } from '../definition/tool-definition';
import { InvalidToolArgumentsError } from '../execution/invalid-tool-arguments-error';
import { ToolExecutionError } from '../execution/tool-execution-error';
import { MethodToolCallback } from './method-tool-callback';
import { declareOrderTools, orderToolsManifest } from './__fixtures__/order-tools';

const { OrderTools } = declareOrderTools();
type OrderTools = InstanceType<typeof OrderTools>;

function callbackFor(tools: OrderTools, methodName: string): MethodToolCallback {
  const methodSchema = orderToolsManifest.tools[`OrderTools.${methodName}`];
  return MethodToolCallback.builder()
    .toolDefinition(toolDefinition({ name: methodName, inputSchema: JSON.stringify(methodSchema.inputSchema) }))
    .toolObject(tools)
    .toolMethodName(methodName)
    .methodSchema(methodSchema)
    .build();
}

describe(MethodToolCallback, () => {
  let tools: OrderTools;
  beforeEach(() => {
    tools = new OrderTools();
  });

  describe('.builder', () => {
    it('should default returnDirect to false and name the source ClassName.methodName', () => {
      const callback = callbackFor(tools, 'listOrders');
      expect(callback.toolMetadata.returnDirect).toBe(false);
      expect(callback.source).toBe('OrderTools.listOrders');
    });

    describe('when the object has no method of that name', () => {
      it('should throw a ConfigurationError naming the tool, method and class', () => {
        expect(() =>
          MethodToolCallback.builder()
            .toolDefinition(toolDefinition({ name: 'x', inputSchema: '{}' }))
            .toolObject(tools)
            .toolMethodName('nope')
            .methodSchema(orderToolsManifest.tools['OrderTools.listOrders'])
            .build(),
        ).toThrow(
          new ConfigurationError({
            setting: 'MethodToolCallback toolMethodName',
            value: 'nope',
            allowed: 'the name of a method of OrderTools',
            message: "The MethodToolCallback for tool 'x' names method 'nope', which OrderTools does not have.",
          }),
        );
      });
    });

    describe('when the input schema is not JSON', () => {
      it('should throw an InvalidToolSchemaError naming the tool', () => {
        const error = errorOf(
          () =>
            MethodToolCallback.builder()
              .toolDefinition(toolDefinition({ name: 'broken', inputSchema: '{type: object' }))
              .toolObject(tools)
              .toolMethodName('listOrders')
              .methodSchema(orderToolsManifest.tools['OrderTools.listOrders'])
              .build(),
          InvalidToolSchemaError,
        );
        expect(error.toolName).toBe('broken');
        expect(error.message).toMatch(/^The input schema of tool 'broken' is not valid JSON \(/);
      });
    });
  });

  describe('.call', () => {
    describe('when a no-parameter tool gets blank arguments', () => {
      it.each([[''], ['   '], ['\n'], ['{}']])('should run it with {} for %j', async (input) => {
        expect(await callbackFor(tools, 'listOrders').call(input)).toBe('["A1","A2"]');
      });
    });

    describe('when the method has a ToolContext parameter', () => {
      it('should pass the given context', async () => {
        const ctx = new ToolContext({ userId: 'u1' });
        expect(await callbackFor(tools, 'getOrderStatus').call('{"orderId":"A1"}', ctx)).toBe('"A1:shipped:u1"');
        expect(tools.calls[0][1]).toBe(ctx);
      });

      it('should pass an empty context when the request has none, so the tool decides', async () => {
        expect(await callbackFor(tools, 'getOrderStatus').call('{"orderId":"A1"}')).toBe('"AUTH_REQUIRED"');
        expect(tools.calls[0][1]).toBeInstanceOf(ToolContext);
        expect((tools.calls[0][1] as ToolContext).isEmpty()).toBe(true);
      });
    });

    describe('when the arguments are not JSON', () => {
      it('should throw a ToolExecutionError telling the model to send a JSON object', async () => {
        const error = await errorOf(
          callbackFor(tools, 'getOrderStatus').call('{"orderId": "A1" "B2"}'),
          ToolExecutionError,
        );
        expect(error.message).toMatch(
          /^Invalid arguments for tool 'getOrderStatus': not valid JSON \(.+\)\. Send a JSON object that matches the tool's input schema\.$/,
        );
        expect(error.cause).toBeInstanceOf(InvalidToolArgumentsError);
        expect((error.cause as Error).cause).toBeInstanceOf(SyntaxError);
        expect(error.toolDefinition.name).toBe('getOrderStatus');
        expect(tools.calls).toHaveLength(0);
      });
    });

    describe('when the arguments are JSON but not an object', () => {
      it.each([
        ['["A1"]', 'an array'],
        ['42', 'a number (42)'],
        ['"A1"', 'a string ("A1")'],
        ['null', 'null'],
      ])('should say an object was expected for %s', async (input, got) => {
        const error = await errorOf(callbackFor(tools, 'getOrderStatus').call(input), ToolExecutionError);
        expect(error.message).toBe(
          `Invalid arguments for tool 'getOrderStatus': expected a JSON object, got ${got}. Send a JSON object that matches the tool's input schema.`,
        );
      });
    });

    describe('when the arguments violate the schema', () => {
      it('should list the wrong type with its JSON pointer', async () => {
        const error = await errorOf(callbackFor(tools, 'getOrderStatus').call('{"orderId":42}'), ToolExecutionError);
        expect(error.message).toBe(
          "Invalid arguments for tool 'getOrderStatus': /orderId must be string. Fix the arguments and call the tool again.",
        );
      });

      it('should report a missing required property at the root', async () => {
        const error = await errorOf(callbackFor(tools, 'getOrderStatus').call('{}'), ToolExecutionError);
        expect(error.message).toBe(
          "Invalid arguments for tool 'getOrderStatus': (root) must have required property 'orderId'. Fix the arguments and call the tool again.",
        );
        expect((error.cause as InvalidToolArgumentsError).violations).toEqual([
          "(root) must have required property 'orderId'",
        ]);
      });

      it('should name an unexpected property and not run the method', async () => {
        const error = await errorOf(
          callbackFor(tools, 'getOrderStatus').call('{"orderId":"A1","extra":1}'),
          ToolExecutionError,
        );
        expect(error.message).toContain("(root) must NOT have additional properties ('extra')");
        expect(tools.calls).toHaveLength(0);
      });
    });

    describe('when a parameter is a Date', () => {
      it('should convert the ISO string to a Date', async () => {
        const result = await callbackFor(tools, 'schedule').call('{"orderId":"A1","when":"2025-03-01T10:00:00Z"}');
        expect(tools.calls[0][1]).toBeInstanceOf(Date);
        expect(JSON.parse(result)).toEqual({ orderId: 'A1', when: '2025-03-01T10:00:00.000Z' });
      });

      it('should report a value that is not a date, naming the field', async () => {
        const schema = orderToolsManifest.tools['OrderTools.schedule'];
        const lenient = {
          ...schema.inputSchema,
          properties: { orderId: { type: 'string' }, when: { type: 'string' } },
        };
        const callback = MethodToolCallback.builder()
          .toolDefinition(toolDefinition({ name: 'schedule', inputSchema: JSON.stringify(lenient) }))
          .toolObject(tools)
          .toolMethodName('schedule')
          .methodSchema(schema)
          .build();
        const error = await errorOf(callback.call('{"orderId":"A1","when":"next tuesday"}'), ToolExecutionError);
        expect(error.message).toBe(
          'Invalid arguments for tool \'schedule\': /when must be a valid date-time string (got "next tuesday"). Fix the arguments and call the tool again.',
        );
        expect(tools.calls).toHaveLength(0);
      });

      it('should let the schema reject a string that is not a date-time', async () => {
        const error = await errorOf(
          callbackFor(tools, 'schedule').call('{"orderId":"A1","when":"soon"}'),
          ToolExecutionError,
        );
        expect(error.message).toContain('/when must match format "date-time"');
      });

      it('should pass undefined for a missing optional argument', async () => {
        await callbackFor(tools, 'schedule').call('{"orderId":"A1","when":"2025-03-01T10:00:00Z"}');
        expect(tools.calls[0]).toEqual(['A1', expect.any(Date), undefined]);
      });
    });

    describe('when a parameter is a class with class-validator rules', () => {
      const valid = { email: 'ann@example.com', summary: 'Parcel arrived damaged', priority: 2, channel: 'web' };

      it('should pass an instance of the class', async () => {
        expect(await callbackFor(tools, 'createTicket').call(JSON.stringify({ request: valid }))).toBe(
          '"web:ann@example.com:2"',
        );
      });

      it('should list each field and rule that fails', async () => {
        const request = { ...valid, email: 'not-an-email', priority: 9 };
        const error = await errorOf(
          callbackFor(tools, 'createTicket').call(JSON.stringify({ request })),
          ToolExecutionError,
        );
        expect(error.message).toMatch(/^Invalid arguments for tool 'createTicket': /);
        expect((error.cause as InvalidToolArgumentsError).violations).toEqual([
          '/request/email must be an email (isEmail)',
          '/request/priority must not be greater than 5 (max)',
        ]);
        expect(error.message).toMatch(/Fix the arguments and call the tool again\.$/);
      });

      it('should report schema and class-validator violations together, each field once', async () => {
        // priority breaks the schema (a string); email and channel break rules only class-validator checks.
        const request = { ...valid, email: 'not-an-email', priority: 'high', channel: 'fax' };
        const error = await errorOf(
          callbackFor(tools, 'createTicket').call(JSON.stringify({ request })),
          ToolExecutionError,
        );
        expect((error.cause as InvalidToolArgumentsError).violations).toEqual([
          '/request/priority must be number',
          '/request/email must be an email (isEmail)',
          '/request/channel must be one of the following values: web, phone (isIn)',
        ]);
        expect(error.message).toBe(
          "Invalid arguments for tool 'createTicket': /request/priority must be number; " +
            '/request/email must be an email (isEmail); ' +
            '/request/channel must be one of the following values: web, phone (isIn). ' +
            'Fix the arguments and call the tool again.',
        );
        expect(tools.calls).toEqual([]);
      });
    });

    describe('when the method throws', () => {
      it('should wrap the error in a ToolExecutionError with its message and cause', async () => {
        const error = await errorOf(callbackFor(tools, 'failing').call('{"orderId":"A9"}'), ToolExecutionError);
        expect(error.message).toBe('Database down while reading A9');
        expect(error.cause).toBeInstanceOf(Error);
        expect(error.toolDefinition.name).toBe('failing');
      });
    });

    describe('when the method returns void', () => {
      it('should return "Done" (06-void-result)', async () => {
        expect(await callbackFor(tools, 'setAlarm').call('{"time":"07:00"}')).toBe('"Done"');
        expect(tools.calls).toEqual([['07:00']]);
      });
    });
  });
});
