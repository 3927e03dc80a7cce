import { once } from 'node:events';
import OpenAI from 'openai';
import { chatCompletion } from './chat-completion';
import { OpenAiWireServer } from './openai-wire-server';
import { sseEvents, sseFromChatCompletion, sseTranscript, splitEvery } from './sse';
import { wordHashEmbedding } from './wire-embeddings';

describe(OpenAiWireServer, () => {
  let server: OpenAiWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  function clientFor(wire: OpenAiWireServer): OpenAI {
    return new OpenAI({ baseURL: wire.baseUrl, apiKey: 'sk-test', maxRetries: 0 });
  }

  describe('.start', () => {
    it('should listen on 127.0.0.1 with a base URL ending in /v1', async () => {
      server = await OpenAiWireServer.start({ script: [] });
      expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    });

    it('should reject options with neither a script nor a handler', async () => {
      await expect(OpenAiWireServer.start({} as never)).rejects.toThrow(/exactly one of `script`/);
    });
  });

  describe('when a script step is a chat.completion object', () => {
    it('should serve it to the real openai client', async () => {
      server = await OpenAiWireServer.start({
        script: [
          chatCompletion({
            toolCalls: [{ id: 'call_1', name: 'getOrderStatus', arguments: { orderId: 'A123' } }],
            usage: { promptTokens: 12, completionTokens: 7 },
          }),
        ],
      });

      const completion = await clientFor(server).chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Where is A123?' }],
      });

      const choice = completion.choices[0];
      expect(choice.finish_reason).toBe('tool_calls');
      expect(choice.message.content).toBeNull();
      expect(choice.message.tool_calls).toEqual([
        { id: 'call_1', type: 'function', function: { name: 'getOrderStatus', arguments: '{"orderId":"A123"}' } },
      ]);
      expect(completion.usage).toEqual({ prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 });
    });

    it('should record each request body and its headers in order', async () => {
      server = await OpenAiWireServer.start({
        script: [chatCompletion({ content: 'one' }), chatCompletion({ content: 'two' })],
      });
      const client = clientFor(server);

      await client.chat.completions.create({ model: 'm1', messages: [{ role: 'user', content: 'first' }] });
      await client.chat.completions.create({
        model: 'm2',
        messages: [{ role: 'user', content: 'second' }],
        tools: [{ type: 'function', function: { name: 't', parameters: { type: 'object', properties: {} } } }],
      });

      expect(server.requests).toEqual([
        { model: 'm1', messages: [{ role: 'user', content: 'first' }] },
        {
          model: 'm2',
          messages: [{ role: 'user', content: 'second' }],
          tools: [{ type: 'function', function: { name: 't', parameters: { type: 'object', properties: {} } } }],
        },
      ]);
      expect(server.recordedRequests[0].headers.authorization).toBe('Bearer sk-test');
      expect(server.recordedRequests[1].path).toBe('/v1/chat/completions');
      expect(JSON.parse(server.recordedRequests[0].rawBody)).toEqual(server.requests[0]);
      expect(server.remainingSteps).toBe(0);
    });
  });

  describe('when a script step is a function', () => {
    it('should answer with what the function returns for the request and its index', async () => {
      server = await OpenAiWireServer.start({
        script: [(body, index) => chatCompletion({ content: `#${index}: ${String(body.messages[0].content)}` })],
      });

      const completion = await clientFor(server).chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'ping' }],
      });

      expect(completion.choices[0].message.content).toBe('#0: ping');
    });

    it('should answer 500 naming the step when the function throws', async () => {
      server = await OpenAiWireServer.start({
        script: [
          () => {
            throw new Error('boom');
          },
        ],
      });

      const call = clientFor(server).chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
      });

      await expect(call).rejects.toMatchObject({
        status: 500,
        message: expect.stringMatching(/request #1 threw: boom/),
      });
    });
  });

  describe('when a script step is an error step', () => {
    it('should answer with its status and body', async () => {
      server = await OpenAiWireServer.start({
        script: [
          {
            status: 401,
            body: {
              error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
            },
          },
        ],
      });

      const call = clientFor(server).chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
      });

      await expect(call).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
      await expect(call).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
    });
  });

  describe('when it enforces a tool-call id pattern', () => {
    const history = (callId: string, resultId = callId): OpenAI.ChatCompletionMessageParam[] => [
      { role: 'user', content: 'Where is A1?' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ id: callId, type: 'function', function: { name: 'f', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: resultId, content: 'shipped' },
    ];

    it('should answer 400 naming the id to a request replaying one that does not match, using no step', async () => {
      server = await OpenAiWireServer.start({
        script: [chatCompletion({ content: 'ok' })],
        toolCallIdPattern: /^[a-zA-Z0-9]{9}$/,
      });
      const client = clientFor(server);

      for (const messages of [history('call_abc123'), history('D681PevKs', 'call_abc123')]) {
        await expect(client.chat.completions.create({ model: 'm', messages })).rejects.toMatchObject({
          status: 400,
          message: expect.stringContaining('Tool call id was "call_abc123" but must match /^[a-zA-Z0-9]{9}$/.'),
        });
      }
      expect(server.remainingSteps).toBe(1);
      const served = await client.chat.completions.create({ model: 'm', messages: history('D681PevKs') });
      expect(served.choices[0].message.content).toBe('ok');
      expect(server.requests).toHaveLength(3);
    });
  });

  describe('when the script is exhausted', () => {
    it('should answer 500 saying the script ran out, without the client retrying', async () => {
      server = await OpenAiWireServer.start({ script: [chatCompletion({ content: 'only' })] });
      const client = new OpenAI({ baseURL: server.baseUrl, apiKey: 'sk-test', maxRetries: 2 });
      await client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'a' }] });

      const second = client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'b' }] });

      await expect(second).rejects.toMatchObject({
        status: 500,
        message: expect.stringContaining(
          'OpenAiWireServer script exhausted: request #2 arrived but the script has only 1 step.',
        ),
      });
      expect(server.requests).toHaveLength(2);
    });
  });

  describe('when a handler is given', () => {
    it('should answer every request with it', async () => {
      server = await OpenAiWireServer.start({
        handler: (_body, index) => chatCompletion({ content: `answer ${index}` }),
      });
      const client = clientFor(server);

      const answers: (string | null)[] = [];
      for (let i = 0; i < 3; i++) {
        const completion = await client.chat.completions.create({
          model: 'm',
          messages: [{ role: 'user', content: 'q' }],
        });
        answers.push(completion.choices[0].message.content);
      }

      expect(answers).toEqual(['answer 0', 'answer 1', 'answer 2']);
      expect(server.remainingSteps).toBeUndefined();
    });
  });

  describe('when the request asks for streaming', () => {
    async function streamedContent(wire: OpenAiWireServer): Promise<{ text: string; chunks: number }> {
      const stream = await clientFor(wire).chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
        stream: true,
      });
      let text = '';
      let chunks = 0;
      for await (const chunk of stream) {
        chunks++;
        text += chunk.choices[0]?.delta.content ?? '';
      }
      return { text, chunks };
    }

    it('should stream a chat.completion step as SSE chunks the openai client reads', async () => {
      server = await OpenAiWireServer.start({ script: [chatCompletion({ content: 'Order A123 has shipped.' })] });

      const { text, chunks } = await streamedContent(server);

      expect(text).toBe('Order A123 has shipped.');
      expect(chunks).toBeGreaterThan(3);
    });

    it('should replay an SSE step cut at the offsets the test chose, even inside a UTF-8 character', async () => {
      const sse = sseEvents([
        { id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: '订单已发货' } }] },
      ]);
      const firstCharacter = Buffer.from(sse).indexOf(Buffer.from('订'));
      const cuts = [firstCharacter + 1, firstCharacter + 2, firstCharacter + 4];
      server = await OpenAiWireServer.start({ script: [{ sse, splitAt: cuts }] });

      expect((await streamedContent(server)).text).toBe('订单已发货');
    });

    it('should strip the comment lines of an .sse transcript', () => {
      expect(sseTranscript('# case: x\n# expected: y\ndata: {"a":1}\n\ndata: [DONE]\n')).toBe(
        'data: {"a":1}\n\ndata: [DONE]\n\n',
      );
    });

    it('should keep a missing id and object arguments when streaming a completion', () => {
      const completion = chatCompletion({ toolCalls: [{ name: 'a', arguments: { x: 1 } }] });
      const call = { type: 'function', function: { name: 'a', arguments: { x: 1 } } };
      const sse = sseFromChatCompletion({
        ...completion,
        choices: [{ ...completion.choices[0], message: { role: 'assistant', tool_calls: [call] } }],
      });

      expect(sse).toContain('"tool_calls":[{"index":0,"type":"function","function":{"name":"a","arguments":{"x":1}}}]');
      expect(sse).not.toContain('"id":"call');
    });

    it('should stream a refusal as delta.refusal fragments, as OpenAI does', () => {
      const completion = chatCompletion({});
      const refusal = "I'm very sorry, but I can't assist with that.";
      const sse = sseFromChatCompletion(
        {
          ...completion,
          choices: [{ ...completion.choices[0], message: { role: 'assistant', content: null, refusal } }],
        },
        { contentFragmentSize: 20 },
      );

      const fragments = sse
        .split('\n\n')
        .filter((event) => event.startsWith('data: {'))
        .map(
          (event) => (JSON.parse(event.slice(6)) as { choices: { delta?: { refusal?: string } }[] }).choices[0]?.delta,
        )
        .flatMap((delta) => (delta?.refusal === undefined ? [] : [delta.refusal]));
      expect(fragments).toEqual(["I'm very sorry, but ", "I can't assist with ", 'that.']);
    });

    it('should answer 400 when an SSE step meets a request without stream: true', async () => {
      server = await OpenAiWireServer.start({ script: [{ sse: sseEvents([]) }] });

      const call = clientFor(server).chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
      });

      await expect(call).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/is an SSE stream, but the request did not ask for stream: true/),
      });
    });

    it('should cut a body into equal pieces with splitEvery', () => {
      expect(splitEvery(4)(10)).toEqual([4, 8]);
    });
  });

  describe('when the client aborts a request', () => {
    it('should abort the waiting step function and report the exchange closed by the client', async () => {
      let arrived!: () => void;
      const stepWaiting = new Promise<void>((resolve) => (arrived = resolve));
      let stepSignal: AbortSignal | undefined;
      server = await OpenAiWireServer.start({
        script: [
          async (_body, _index, { signal }) => {
            stepSignal = signal;
            arrived();
            await once(signal, 'abort');
            return chatCompletion({ content: 'never sent' });
          },
        ],
      });
      const controller = new AbortController();

      const call = clientFor(server).chat.completions.create(
        { model: 'm', messages: [{ role: 'user', content: 'x' }] },
        { signal: controller.signal },
      );
      await stepWaiting;
      controller.abort();

      await expect(call).rejects.toBeInstanceOf(OpenAI.APIUserAbortError);
      await expect(server.recordedRequests[0].ended).resolves.toBe('closed-by-client');
      expect(stepSignal?.aborted).toBe(true);
    });

    it('should report an exchange that was answered in full as answered', async () => {
      server = await OpenAiWireServer.start({ script: [chatCompletion({ content: 'done' })] });

      await clientFor(server).chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'x' }] });

      await expect(server.recordedRequests[0].ended).resolves.toBe('answered');
    });
  });

  describe('when an SSE step holds the stream', () => {
    function holdingStep(until?: PromiseLike<unknown>) {
      return {
        sse: sseFromChatCompletion(chatCompletion({ content: 'Hello there, friend' })),
        hold: { afterPieces: 2, until },
      };
    }

    it('should write the pieces before the hold, then the rest once it is released', async () => {
      let release!: () => void;
      server = await OpenAiWireServer.start({ script: [holdingStep(new Promise<void>((r) => (release = r)))] });
      const stream = await clientFor(server).chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
        stream: true,
      });
      const iterator = stream[Symbol.asyncIterator]();

      const first = await iterator.next();
      const second = await iterator.next();
      const third = iterator.next();
      const stillHeld = await Promise.race([
        third.then(() => false),
        new Promise((r) => setTimeout(() => r(true), 50)),
      ]);
      release();
      let text = [first, second]
        .map((r) => (r.done === true ? '' : (r.value.choices[0]?.delta.content ?? '')))
        .join('');
      for (let next = await third; next.done !== true; next = await iterator.next()) {
        text += next.value.choices[0]?.delta.content ?? '';
      }

      expect(stillHeld).toBe(true);
      expect(text).toBe('Hello there, friend');
      await expect(server.recordedRequests[0].ended).resolves.toBe('answered');
    });

    it('should report the exchange closed by the client when the client aborts during the hold', async () => {
      server = await OpenAiWireServer.start({ script: [holdingStep()] });
      const controller = new AbortController();
      const stream = await clientFor(server).chat.completions.create(
        { model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true },
        { signal: controller.signal },
      );
      const iterator = stream[Symbol.asyncIterator]();
      await iterator.next();

      controller.abort();

      // the openai client ends an aborted stream without an error
      await expect(
        (async () => {
          for (let next = await iterator.next(); next.done !== true; next = await iterator.next());
        })(),
      ).resolves.toBeUndefined();
      await expect(server.recordedRequests[0].ended).resolves.toBe('closed-by-client');
    });

    it('should report the exchange closed by the server when the server is closed during the hold', async () => {
      server = await OpenAiWireServer.start({ script: [holdingStep()] });
      const stream = await clientFor(server).chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
        stream: true,
      });
      const iterator = stream[Symbol.asyncIterator]();
      await iterator.next();

      await server.close();

      await expect(server.recordedRequests[0].ended).resolves.toBe('closed-by-server');
      // the client may still hold a piece it read before the cut; the stream then breaks off
      await expect(
        (async () => {
          for (let next = await iterator.next(); next.done !== true; next = await iterator.next());
        })(),
      ).rejects.toThrow();
    });
  });

  describe('when the path is unknown', () => {
    it('should answer 404 with a JSON error', async () => {
      server = await OpenAiWireServer.start({ script: [] });

      const response = await fetch(`${server.baseUrl}/models`);

      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: expect.objectContaining({ message: expect.stringContaining('got GET /v1/models') }),
      });
    });
  });

  describe('when the body is not JSON', () => {
    it('should answer 400 and record nothing', async () => {
      server = await OpenAiWireServer.start({ script: [chatCompletion()] });

      const response = await fetch(`${server.baseUrl}/chat/completions`, { method: 'POST', body: '{not json' });

      expect(response.status).toBe(400);
      expect(server.requests).toHaveLength(0);
    });
  });

  describe('POST /v1/embeddings', () => {
    it('should answer the openai client (base64 by default) with the word-hash vectors, apart from the chat script', async () => {
      server = await OpenAiWireServer.start({ script: [chatCompletion({ content: 'chat' })] });

      const response = await clientFor(server).embeddings.create({
        model: 'm',
        input: ['cancel an order', 'cancel'],
        dimensions: 8,
      });

      expect(response.data.map((d) => d.embedding)).toEqual(
        ['cancel an order', 'cancel'].map((t) => Array.from(new Float32Array(wordHashEmbedding(t, 8)))),
      );
      expect(server.embeddingRequests).toEqual([
        { model: 'm', input: ['cancel an order', 'cancel'], dimensions: 8, encoding_format: 'base64' },
      ]);
      expect(server.remainingSteps).toBe(1);
    });

    it('should answer from the embeddings function, and 400 for an empty input as OpenAI does', async () => {
      server = await OpenAiWireServer.start({ script: [], embeddings: (texts) => texts.map(() => [1, 0]) });
      const client = clientFor(server);

      const response = await client.embeddings.create({ model: 'm', input: 'hi', encoding_format: 'float' });

      expect(response.data[0].embedding).toEqual([1, 0]);
      await expect(client.embeddings.create({ model: 'm', input: [''] })).rejects.toMatchObject({ status: 400 });
    });

    it('should answer 405 to another method, and leave the chat requests alone', async () => {
      server = await OpenAiWireServer.start({ script: [] });

      const response = await fetch(`${server.baseUrl}/embeddings`);

      expect(response.status).toBe(405);
      expect(server.embeddingRequests).toEqual([]);
      expect(server.requests).toEqual([]);
    });
  });

  describe('.close', () => {
    it('should stop accepting connections and be safe to call twice', async () => {
      const wire = await OpenAiWireServer.start({ script: [chatCompletion()] });
      await wire.close();
      await wire.close();

      await expect(fetch(`${wire.baseUrl}/chat/completions`, { method: 'POST', body: '{}' })).rejects.toThrow();
    });
  });
});
