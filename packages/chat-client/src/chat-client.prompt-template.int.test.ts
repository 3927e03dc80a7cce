import { ConfigurationError, MissingTemplateVariablesError } from '@sprout-ai/core';
import { OpenAiChatModel } from '@sprout-ai/openai';
import { OpenAiWireServer, chatCompletion, errorOf } from '@sprout-ai/test';
import { ChatClient } from './chat-client';

describe(ChatClient, () => {
  let server: OpenAiWireServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function clientFor(
    build: (builder: ReturnType<typeof ChatClient.builder>) => void = () => undefined,
  ): Promise<{ client: ChatClient; wire: OpenAiWireServer }> {
    const answer = chatCompletion({ content: 'It has shipped.' });
    const wire = await OpenAiWireServer.start({ script: [answer, answer] });
    server = wire;
    const builder = ChatClient.builder(new OpenAiChatModel({ baseUrl: wire.baseUrl, apiKey: 'k', maxRetries: 0 }));
    build(builder);
    return { client: builder.build(), wire };
  }

  describe('.prompt().user(u => u.text(template).param(...))', () => {
    it('should send the user text with its {placeholders} filled in', async () => {
      const { client, wire } = await clientFor();
      const orderId = 'A123';

      await client
        .prompt()
        .user((u) => u.text('Where is {orderId}, ordered by {customer.name}?').param('orderId', orderId))
        .user((u) => u.params({ customer: { name: 'Li' } }))
        .call()
        .content();

      expect(wire.requests[0].messages).toEqual([{ role: 'user', content: 'Where is A123, ordered by Li?' }]);
    });

    it('should render in a stream too', async () => {
      const { client, wire } = await clientFor();

      for await (const text of client
        .prompt()
        .user((u) => u.text('Where is {orderId}?').param('orderId', 'A124'))
        .stream()
        .content())
        void text;

      expect(wire.requests[0].messages).toEqual([{ role: 'user', content: 'Where is A124?' }]);
    });

    it('should send a text without parameters as written, braces and all (Spring renders only with parameters)', async () => {
      const { client, wire } = await clientFor();

      await client.prompt().user('Answer as {"status": "..."} for {orderId}').call().content();

      expect(wire.requests[0].messages).toEqual([
        { role: 'user', content: 'Answer as {"status": "..."} for {orderId}' },
      ]);
    });

    it('should reject with MissingTemplateVariablesError naming the parameter, sending nothing', async () => {
      const { client, wire } = await clientFor();

      const error = await errorOf(
        client
          .prompt()
          .user((u) => u.text('Where is {orderId} for {customerId}?').param('customerId', 'c-42'))
          .call()
          .content(),
        MissingTemplateVariablesError,
      );

      expect(error.missing).toEqual(['orderId']);
      expect(error.message).toContain("Give it with .param('orderId', value)");
      expect(wire.requests).toHaveLength(0);
    });

    it('should refuse a null parameter value at once', async () => {
      const { client } = await clientFor();

      const error = errorOf(() => client.prompt().user((u) => u.text('{x}').param('x', null)), ConfigurationError);

      expect(error.message).toContain("the value of template parameter 'x' cannot be null");
    });
  });

  describe('.system(s => ...) over defaultSystem(s => ...)', () => {
    it("should fill the default template with the default's and the request's parameters, the request winning", async () => {
      const { client, wire } = await clientFor((builder) =>
        builder.defaultSystem((s) =>
          s.text('You serve {customerId} at {shop}.').params({ shop: 'Sprout Shop', customerId: 'nobody' }),
        ),
      );

      await client
        .prompt('Where is A123?')
        .system((s) => s.param('customerId', 'c-42'))
        .call()
        .content();
      await client.prompt('again').call().content();

      expect(wire.requests[0].messages[0]).toEqual({ role: 'system', content: 'You serve c-42 at Sprout Shop.' });
      // A request's parameters never reach the client's defaults.
      expect(wire.requests[1].messages[0]).toEqual({ role: 'system', content: 'You serve nobody at Sprout Shop.' });
    });

    it('should let defaultUser take a template too', async () => {
      const { client, wire } = await clientFor((builder) =>
        builder.defaultUser((u) => u.text('Status of {orderId}?').param('orderId', 'A200')),
      );

      await client.prompt().call().content();

      expect(wire.requests[0].messages).toEqual([{ role: 'user', content: 'Status of A200?' }]);
    });
  });
});
