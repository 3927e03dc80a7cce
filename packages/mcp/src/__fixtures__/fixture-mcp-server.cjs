/* eslint-disable */
// A small MCP server for tests, run with `node fixture-mcp-server.cjs` (stdio). It lists the tools
// of the FIXTURE_TOOLS environment variable (JSON array) plus these built-ins:
//   echo-params  returns the JSON of the tools/call params it received (name, arguments, _meta)
//   fail         answers isError: true with "boom"
//   die          exits the process in the middle of the call
//   hang         never answers
//   pid          returns the server's process id
// Any other listed tool behaves like echo-params.
const { Server } = require('@modelcontextprotocol/sdk/server/index.js');
const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js');
const { CallToolRequestSchema, ListToolsRequestSchema } = require('@modelcontextprotocol/sdk/types.js');

const object = { type: 'object', properties: {} };
const builtins = [
  {
    name: 'echo-params',
    description: 'Echo the call params',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  },
  { name: 'fail', description: 'Always fails', inputSchema: object },
  { name: 'die', description: 'Exits mid-call', inputSchema: object },
  { name: 'hang', description: 'Never answers', inputSchema: object },
  { name: 'pid', description: 'Process id', inputSchema: object },
];
const extra = process.env.FIXTURE_TOOLS ? JSON.parse(process.env.FIXTURE_TOOLS) : [];
const tools = process.env.FIXTURE_ONLY === 'true' ? extra : [...builtins, ...extra];

const server = new Server({ name: 'fixture', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, (request) => {
  const text = (value) => ({ content: [{ type: 'text', text: String(value) }] });
  switch (request.params.name) {
    case 'fail':
      return { content: [{ type: 'text', text: 'boom' }], isError: true };
    case 'die':
      setTimeout(() => process.exit(1), 10);
      return new Promise(() => {});
    case 'hang':
      return new Promise(() => {});
    case 'pid':
      return text(process.pid);
    default:
      return text(JSON.stringify(request.params));
  }
});
server.connect(new StdioServerTransport()).catch((error) => {
  process.stderr.write(`fixture server failed: ${error}\n`);
  process.exit(1);
});
