/* eslint-disable */
// A small MCP server for tests, run with `node fixture-mcp-server.cjs` (stdio). It lists the tools
// of the FIXTURE_TOOLS environment variable (JSON array) plus these built-ins:
//   echo-params  returns the JSON of the tools/call params it received (name, arguments, _meta),
//                without the progress token the client sends with every call
//   fail         answers isError: true with "boom"
//   die          exits the process in the middle of the call
//   hang         never answers
//   pid          returns the server's process id
//   sleep        answers `slept <ms> ms` after `ms` milliseconds (default 100), or never when the
//                client cancels it (its handler's signal aborts on `notifications/cancelled`)
//   long-text    returns `length` characters (default 5000): 'a'…'z' repeated
//   log          returns the JSON of what the server saw, in order: `{ event: 'call', id, tool }`
//                per tools/call request (as read off the wire), `{ event: 'cancelled', requestId,
//                reason }` per notifications/cancelled, `{ event: 'aborted', id, tool }` when a
//                sleep's handler signal aborted, `{ event: 'finished', id, tool }` when it answered
// Two tools answer by name when FIXTURE_TOOLS lists them:
//   parcel-photo     text, a PNG image (PARCEL_PNG_BASE64 below) and structuredContent
//   parcel-status    only structuredContent, no content parts
// Any other listed tool behaves like echo-params. FIXTURE_START_DELAY_MS delays answering
// `initialize` (the process reads stdin only after it).
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
  {
    name: 'sleep',
    description: 'Answers after ms milliseconds',
    inputSchema: { type: 'object', properties: { ms: { type: 'integer' } } },
  },
  {
    name: 'long-text',
    description: 'Returns length characters',
    inputSchema: { type: 'object', properties: { length: { type: 'integer' } } },
  },
  { name: 'log', description: 'What the server saw', inputSchema: object },
];
const extra = process.env.FIXTURE_TOOLS ? JSON.parse(process.env.FIXTURE_TOOLS) : [];
const tools = process.env.FIXTURE_ONLY === 'true' ? extra : [...builtins, ...extra];

const log = [];
function record(message) {
  if (message.method === 'tools/call') log.push({ event: 'call', id: message.id, tool: message.params.name });
  if (message.method === 'notifications/cancelled') {
    log.push({ event: 'cancelled', requestId: message.params.requestId, reason: message.params.reason });
  }
}

function sleep(request, extra) {
  const ms = request.params.arguments?.ms ?? 100;
  const entry = (event) => ({ event, id: extra.requestId, tool: request.params.name });
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      log.push(entry('finished'));
      resolve({ content: [{ type: 'text', text: `slept ${ms} ms` }] });
    }, ms);
    extra.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      log.push(entry('aborted'));
    });
  });
}

function longText(length) {
  let text = '';
  for (let i = 0; i < length; i++) text += String.fromCharCode(97 + (i % 26));
  return text;
}

function withoutProgressToken(params) {
  const { progressToken, ...meta } = params._meta ?? {};
  const { _meta, ...rest } = params;
  return Object.keys(meta).length > 0 ? { ...rest, _meta: meta } : rest;
}

// A 1x1 PNG.
const PARCEL_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const server = new Server({ name: 'fixture', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
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
    case 'sleep':
      return sleep(request, extra);
    case 'long-text':
      return text(longText(request.params.arguments?.length ?? 5000));
    case 'log':
      return text(JSON.stringify(log));
    case 'parcel-photo':
      return {
        content: [
          { type: 'text', text: 'Photo of parcel A123' },
          { type: 'image', mimeType: 'image/png', data: PARCEL_PNG_BASE64 },
        ],
        structuredContent: { orderId: 'A123', damaged: true },
      };
    case 'parcel-status':
      return { content: [], structuredContent: { orderId: 'A123', status: 'shipped' } };
    default:
      return text(JSON.stringify(withoutProgressToken(request.params)));
  }
});
// Every message is recorded as it comes off the wire, before the SDK handles it.
const transport = new StdioServerTransport();
let onmessage;
Object.defineProperty(transport, 'onmessage', {
  get: () => onmessage && ((message, extra) => (record(message), onmessage(message, extra))),
  set: (handler) => {
    onmessage = handler;
  },
});
setTimeout(
  () => {
    server.connect(transport).catch((error) => {
      process.stderr.write(`fixture server failed: ${error}\n`);
      process.exit(1);
    });
  },
  Number(process.env.FIXTURE_START_DELAY_MS ?? 0),
);
