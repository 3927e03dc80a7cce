/* eslint-disable */
// An MCP server (stdio) that uses the client's side of the protocol, for tests:
//   capabilities  returns the JSON of the capabilities the client declared in initialize
//   ask           sends elicitation/create (a form: name with default 'Ada', age) and returns the
//                 JSON of the client's answer, or `error: <message>` when the request fails
//   sample        sends sampling/createMessage (systemPrompt 'Answer briefly', the user text of
//                 `text`, maxTokens 50) and returns the JSON of the answer, or `error: <message>`
//   progress      sends `count` progress notifications (default 3) `gapMs` apart (default 50),
//                 then returns the JSON of { progressToken } it got from the request's _meta
//   add-tool      lists one more tool, `added`, and sends notifications/tools/list_changed
const { Server } = require('@modelcontextprotocol/sdk/server/index.js');
const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js');
const {
  CallToolRequestSchema,
  CreateMessageResultSchema,
  ElicitResultSchema,
  ListToolsRequestSchema,
} = require('@modelcontextprotocol/sdk/types.js');

const object = { type: 'object', properties: {} };
const tools = [
  { name: 'capabilities', description: 'The client capabilities', inputSchema: object },
  { name: 'ask', description: 'Elicits a form', inputSchema: object },
  {
    name: 'sample',
    description: 'Samples the client',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  },
  { name: 'add-tool', description: 'Lists one more tool', inputSchema: object },
  {
    name: 'progress',
    description: 'Reports progress',
    inputSchema: { type: 'object', properties: { count: { type: 'integer' }, gapMs: { type: 'integer' } } },
  },
];

const server = new Server(
  { name: 'client-features', version: '1.0.0' },
  { capabilities: { tools: { listChanged: true } } },
);
const text = (value) => ({
  content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }],
});
const failed = (error) => text(`error: ${error.message}`);

server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const args = request.params.arguments ?? {};
  switch (request.params.name) {
    case 'capabilities':
      return text(server.getClientCapabilities() ?? {});
    case 'ask':
      return extra
        .sendRequest(
          {
            method: 'elicitation/create',
            params: {
              mode: 'form',
              message: 'Who are you?',
              requestedSchema: {
                type: 'object',
                properties: { name: { type: 'string', default: 'Ada' }, age: { type: 'integer' } },
              },
            },
          },
          ElicitResultSchema,
        )
        .then(text, failed);
    case 'sample':
      return extra
        .sendRequest(
          {
            method: 'sampling/createMessage',
            params: {
              systemPrompt: 'Answer briefly',
              messages: [{ role: 'user', content: { type: 'text', text: args.text ?? 'hello' } }],
              maxTokens: 50,
            },
          },
          CreateMessageResultSchema,
        )
        .then(text, failed);
    case 'progress': {
      const progressToken = request.params._meta?.progressToken;
      const count = args.count ?? 3;
      for (let i = 1; i <= count; i++) {
        await new Promise((resolve) => setTimeout(resolve, args.gapMs ?? 50));
        if (progressToken !== undefined) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress: i, total: count, message: `step ${i}` },
          });
        }
      }
      // The SDK client handles notifications a tick later than responses: let the last one land.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return text({ progressToken });
    }
    case 'add-tool':
      tools.push({ name: 'added', description: 'Added later', inputSchema: object });
      await server.sendToolListChanged();
      return text('added');
    default:
      return { content: [{ type: 'text', text: `unknown tool ${request.params.name}` }], isError: true };
  }
});
server.connect(new StdioServerTransport()).catch((error) => {
  process.stderr.write(`client-features server failed: ${error}\n`);
  process.exit(1);
});
