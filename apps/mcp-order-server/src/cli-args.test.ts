import { CliUsageError, parseMcpOrderServerArgs } from './cli-args';

describe(parseMcpOrderServerArgs, () => {
  it('should read the transport, port, host and user', () => {
    expect(parseMcpOrderServerArgs(['--transport', 'stdio', '--user', 'u7'])).toEqual({
      transport: 'stdio',
      port: undefined,
      host: undefined,
      user: 'u7',
      help: false,
    });
    expect(parseMcpOrderServerArgs(['-t', 'http', '-p', '0', '--host', '127.0.0.1'])).toMatchObject({
      transport: 'http',
      port: 0,
      host: '127.0.0.1',
    });
  });

  it.each([
    [[], /--transport must be stdio or http \(got nothing\)/],
    [['--transport', 'sse'], /--transport must be stdio or http \(got 'sse'\)/],
    [['--transport', 'http', '--port', 'abc'], /--port must be a number from 0 to 65535 \(got 'abc'\)/],
    [['--transport', 'http', '--user', 'u7'], /--user applies to stdio only/],
    [['--transport', 'stdio', '--verbose'], /Unknown option '--verbose'/],
  ])('should reject %p with a message saying what to fix', (argv, message) => {
    expect(() => parseMcpOrderServerArgs(argv)).toThrow(CliUsageError);
    expect(() => parseMcpOrderServerArgs(argv)).toThrow(message);
  });
});
