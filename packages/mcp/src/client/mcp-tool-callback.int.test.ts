import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { ToolContext, ToolExecutionError } from '@sprout-ai/core';
import { captureLogLines, errorOf } from '@sprout-ai/test';
import { fixtureConnection, fixtureLog } from '../__fixtures__/fixture-connections';
import type { McpClientConnection } from './mcp-client-connection';
import { McpToolCallError } from './mcp-tool-call-error';
import { McpToolCallback } from './mcp-tool-callback';
import { McpMetaConverters, type ToolContextToMcpMetaConverter } from './tool-context-to-mcp-meta-converter';

// Spawns real servers; generous for a loaded 2-CPU CI machine (speed is not asserted).
jest.setTimeout(30_000);

describe(McpToolCallback, () => {
  let connection: McpClientConnection;

  afterEach(async () => {
    await connection?.close();
  });

  async function callbackFor(
    toolName: string,
    metaConverter?: ToolContextToMcpMetaConverter,
  ): Promise<McpToolCallback> {
    const tool = (await connection.listTools()).find((t) => t.name === toolName);
    if (tool === undefined) throw new Error(`fixture has no tool ${toolName}`);
    return new McpToolCallback({ connection, tool, metaConverter });
  }

  describe('.call', () => {
    beforeEach(() => {
      connection = fixtureConnection('fixture', { requestTimeoutMs: 3_000 });
    });

    describe('when the model sends no arguments (03-missing-arguments, client side)', () => {
      it.each(['', '  ', '{}'])('should still send an arguments object for input %p', async (input) => {
        const callback = await callbackFor('echo-params');
        const received = JSON.parse(await callback.call(input)) as Record<string, unknown>;
        expect(received).toEqual({ name: 'echo-params', arguments: {} });
      });
    });

    describe('when the model sends arguments', () => {
      it('should send them under the original tool name', async () => {
        const callback = await callbackFor('echo-params');
        expect(callback.toolDefinition.name).toBe('echo-params');
        const received = JSON.parse(await callback.call('{"text":"hi"}')) as Record<string, unknown>;
        expect(received).toEqual({ name: 'echo-params', arguments: { text: 'hi' } });
      });

      it('should reject arguments that break the schema without calling the server', async () => {
        const callback = await callbackFor('echo-params');
        const error = await errorOf(callback.call('{"text":42}'), ToolExecutionError);
        expect(error.message).toMatch(/Invalid arguments for tool 'echo-params': \/text must be string/);
      });
    });

    describe("when the server's input schema is too deep for the validator", () => {
      const depth = 600;
      const deepSchema = JSON.parse(
        '{"type":"object","properties":{"x":' +
          '{"type":"object","properties":{"x":'.repeat(depth) +
          '{"type":"string"}' +
          '}}'.repeat(depth) +
          '}}',
      ) as McpTool['inputSchema'];

      it('should fail every call with a message instead of skipping validation, and send nothing', async () => {
        connection = fixtureConnection('fixture', { tools: [{ name: 'deep', inputSchema: deepSchema }] });
        const callback = await callbackFor('deep');

        const error = await callback.call('{"x":42}').catch((e: unknown) => e);

        expect(error).toBeInstanceOf(ToolExecutionError);
        expect((error as Error).message).toBe(
          "Tool 'deep' cannot be called: its input schema from the MCP server cannot be checked (it nests too deeply for the validator), so no call is sent.",
        );
        expect((error as ToolExecutionError).cause).toBeInstanceOf(McpToolCallError);
        expect((await fixtureLog(connection)).filter((e) => e.event === 'call').map((e) => e.tool)).toEqual(['log']);
      });
    });

    describe('when a tool context is given', () => {
      it('should send only the chosen keys as _meta', async () => {
        const callback = await callbackFor('echo-params', McpMetaConverters.keys('tenant'));
        const context = new ToolContext({ tenant: 't-1', secret: 's3cr3t' });
        const received = JSON.parse(await callback.call('{}', context)) as Record<string, unknown>;
        expect(received._meta).toEqual({ tenant: 't-1' });
      });

      it('should send no _meta by default', async () => {
        const callback = await callbackFor('echo-params');
        const received = JSON.parse(await callback.call('{}', new ToolContext({ secret: 's3cr3t' }))) as object;
        expect(received).not.toHaveProperty('_meta');
      });
    });

    describe('when the server answers isError', () => {
      it('should throw a ToolExecutionError carrying the server text', async () => {
        const callback = await callbackFor('fail');
        const error = await errorOf(callback.call('{}'), ToolExecutionError);
        expect(error.message).toBe('boom');
      });
    });

    describe('when the server does not answer in time', () => {
      it('should throw a ToolExecutionError caused by an McpToolCallError', async () => {
        const callback = await callbackFor('hang');
        const error = await errorOf(callback.call('{}'), ToolExecutionError);
        expect(error.cause).toBeInstanceOf(McpToolCallError);
        expect(error.message).toMatch(/MCP tool 'hang' on connection 'fixture' failed: .*timed out/i);
      });
    });

    describe('when the stdio server dies in the middle of a call', () => {
      it('should fail that call and start a new server for the next one', async () => {
        const pid = await callbackFor('pid');
        const firstPid = await pid.call('{}');
        const die = await callbackFor('die');

        const error = await errorOf(die.call('{}'), ToolExecutionError);

        expect(error.cause).toBeInstanceOf(McpToolCallError);
        expect(error.message).toMatch(/MCP tool 'die' on connection 'fixture' failed: .*closed/i);
        const secondPid = await pid.call('{}');
        expect(secondPid).toMatch(/^\d+$/);
        expect(secondPid).not.toBe(firstPid);
      });
    });
  });

  describe('.callPrepared', () => {
    describe("when the context's signal aborts during the call", () => {
      it("should reject with the signal's reason, not as a tool failure, and cancel the request", async () => {
        connection = fixtureConnection();
        const callback = await callbackFor('sleep');
        const controller = new AbortController();
        const reason = new Error('request aborted');
        const logs = captureLogLines();
        let error: unknown;
        try {
          const call = callback.callPrepared(
            callback.prepareArguments('{"ms":20000}'),
            new ToolContext({}, controller.signal),
          );
          setTimeout(() => controller.abort(reason), 100);
          error = await errorOf(call);
          expect(await logs.records()).toEqual([]);
        } finally {
          logs.restore();
        }

        expect(error).toBe(reason);
        const log = await fixtureLog(connection);
        const sleep = log.find((e) => e.event === 'call' && e.tool === 'sleep');
        expect(log).toContainEqual(expect.objectContaining({ event: 'cancelled', requestId: sleep?.id }));
      });
    });
  });
});
