import {
  DefaultToolCallingManager,
  DefaultToolExecutionExceptionProcessor,
  FunctionToolCallback,
  type ToolErrorDetail,
  type ToolExecutionError,
} from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, captureLogLines, chatCompletion } from '@sprout-ai/test';
import { ToolCallingAdvisor } from './advisor/tool-calling-advisor';
import { ChatClient } from './chat-client';

const PASSWORD = 'Hunter2-S3cret';
const FAILURE = `connect ECONNREFUSED postgres://hotel_admin:${PASSWORD}@db.internal:5432`;

/** The default processor, remembering the id of each failure it turns into text for the model. */
class RecordingProcessor extends DefaultToolExecutionExceptionProcessor {
  readonly errorIds: string[] = [];

  override process(error: ToolExecutionError): string {
    this.errorIds.push(error.errorId);
    return super.process(error);
  }
}

/**
 * The manager logs the failure at warn under its error id, with the password masked, and no log
 * line holds the password, whatever the model reads.
 */
function expectLoggedWithoutPassword(logLines: readonly string[], errorId: string): void {
  const records = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(records).toContainEqual(
    expect.objectContaining({
      level: 40,
      name: 'DefaultToolCallingManager',
      errorId,
      msg: expect.stringContaining('hotel_admin:***@db.internal') as unknown,
    }),
  );
  expect(logLines.filter((line) => line.includes(PASSWORD))).toEqual([]);
}

const findRooms = FunctionToolCallback.builder('findRooms', () => {
  throw new Error(FAILURE);
})
  .description('Finds free hotel rooms')
  .inputSchema({ type: 'object', properties: {} })
  .build();

/**
 * What a failing tool's error puts on the wire, per `detail`, over the real `openai` client: the
 * second request's raw body carries the tool message the model reads.
 */
describe(ChatClient, () => {
  let server: OpenAiWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function runTurn(
    detail: ToolErrorDetail,
    mode: 'call' | 'stream',
  ): Promise<{ bodies: string[]; toolMessage: string; errorIds: string[]; logLines: string[] }> {
    server = await OpenAiWireServer.start({
      script: [
        chatCompletion({ toolCalls: [{ id: 'call_1', name: 'findRooms', arguments: {} }] }),
        chatCompletion({ content: 'The booking system is down; please try again later.' }),
      ],
    });
    const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'test-key', maxRetries: 0 });
    const processor = new RecordingProcessor({ detail });
    const manager = DefaultToolCallingManager.builder().toolExecutionExceptionProcessor(processor).build();
    const client = ChatClient.create(model, {
      toolCallingAdvisorBuilder: ToolCallingAdvisor.builder().toolCallingManager(manager),
    });

    const logs = captureLogLines();
    let logLines: string[];
    try {
      const spec = client.prompt('Any room for tonight?').tools(findRooms);
      const answer = mode === 'call' ? await spec.call().content() : (await collect(spec.stream().content())).join('');
      expect(answer).toBe('The booking system is down; please try again later.');
      logLines = await logs.lines();
    } finally {
      logs.restore();
    }

    expect(server.recordedRequests).toHaveLength(2);
    const toolMessage = server.requests[1].messages.find((message) => message.role === 'tool');
    return {
      bodies: server.recordedRequests.map((request) => request.rawBody),
      toolMessage: String(toolMessage?.content),
      errorIds: processor.errorIds,
      logLines,
    };
  }

  describe.each(['call', 'stream'] as const)('.%s', (mode) => {
    describe('when a tool fails with a connection URL holding a password', () => {
      it("should send the message with the password masked (detail 'masked', the default)", async () => {
        const { bodies, toolMessage, errorIds, logLines } = await runTurn('masked', mode);

        expect(toolMessage).toBe(
          "Tool 'findRooms' failed: connect ECONNREFUSED postgres://hotel_admin:***@db.internal:5432",
        );
        expect(bodies[1]).toContain('hotel_admin:***@db.internal');
        expect(bodies.join('\n')).not.toContain(PASSWORD);
        expectLoggedWithoutPassword(logLines, errorIds[0]);
      });

      it("should send only the tool, the error class and the error id (detail 'generic')", async () => {
        const { bodies, toolMessage, errorIds, logLines } = await runTurn('generic', mode);

        expect(errorIds).toEqual([expect.stringMatching(/^[0-9a-f]{8}$/)]);
        expect(toolMessage).toBe(`Tool 'findRooms' failed (Error); error id ${errorIds[0]}.`);
        expect(bodies[1]).toContain(`error id ${errorIds[0]}`);
        expect(bodies.join('\n')).not.toContain(PASSWORD);
        expect(bodies.join('\n')).not.toContain('hotel_admin');
        expectLoggedWithoutPassword(logLines, errorIds[0]);
      });

      it("should send the message verbatim, as Spring does (detail 'message'), and still not log the password", async () => {
        const { bodies, toolMessage, errorIds, logLines } = await runTurn('message', mode);

        expect(toolMessage).toBe(FAILURE);
        expect(bodies[1]).toContain(FAILURE);
        expectLoggedWithoutPassword(logLines, errorIds[0]);
      });
    });
  });
});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
