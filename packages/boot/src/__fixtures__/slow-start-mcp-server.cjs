/* eslint-disable */
// A tiny stdio MCP server that starts late, as `npx -y <server>` does while it downloads the package:
// it waits SLOW_START_MS before reading stdin, then answers `initialize` and `tools/list` (one tool,
// `ping`). With SLOW_START_BANNER set it writes a line to stderr when it starts, as real servers do.
// It writes with plain process.stdout.write: if the client has gone, the write fails with EPIPE and
// Node prints the stack trace on this process's stderr, as server-everything does.
setTimeout(
  () => {
    if (process.env.SLOW_START_BANNER) process.stderr.write('slow server: started\n');
    let buffered = '';
    process.stdin.on('data', (chunk) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, end));
        buffered = buffered.slice(end + 1);
        const result =
          message.method === 'initialize'
            ? {
                protocolVersion: message.params.protocolVersion,
                capabilities: { tools: {} },
                serverInfo: { name: 'slow-start', version: '1.0.0' },
              }
            : message.method === 'tools/list'
              ? { tools: [{ name: 'ping', description: 'Answers pong', inputSchema: { type: 'object' } }] }
              : undefined;
        if (result !== undefined)
          process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }) + '\n');
      }
    });
  },
  Number(process.env.SLOW_START_MS ?? 0),
);
