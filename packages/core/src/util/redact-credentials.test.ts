import { redactCredentials } from './redact-credentials';

describe(redactCredentials, () => {
  it.each([
    ['connection to db://admin:hunter2@10.0.0.5 refused', 'connection to db://admin:***@10.0.0.5 refused'],
    ['postgres://app:s3cr3t@db.internal:5432/orders', 'postgres://app:***@db.internal:5432/orders'],
    ['redis://:secret@127.0.0.1:6379/0', 'redis://:***@127.0.0.1:6379/0'],
    ['(mongodb+srv://u:p%40ss@cluster.example.net/x)', '(mongodb+srv://u:***@cluster.example.net/x)'],
    ['https://bot:pa:ss@word@mcp.example.com/mcp', 'https://bot:***@mcp.example.com/mcp'],
    ['a://u:1@h and b://v:2@k', 'a://u:***@h and b://v:***@k'],
    ['at line 1\nhttp://u:p@h\nnext', 'at line 1\nhttp://u:***@h\nnext'],
  ])('should mask the password in %j', (text, expected) => {
    expect(redactCredentials(text)).toBe(expected);
  });

  it.each([
    'no URL here',
    'http://127.0.0.1:3001/mcp',
    'http://host:8080/path@x',
    'ssh://git@github.com/o/r.git',
    'file:///srv/node_modules/@scope/pkg/index.js',
    'mail admin:secret@example.com',
  ])('should leave %j as it is', (text) => {
    expect(redactCredentials(text)).toBe(text);
  });

  it('should keep a JSON log line valid and mask passwords that JSON escapes', () => {
    const line = JSON.stringify({
      msg: 'cannot reach db://admin:hun"ter\\2@10.0.0.5',
      err: { message: 'a', url: 'http://u:p@h', next: 'x@y' },
    });

    const redacted = redactCredentials(line);

    expect(JSON.parse(redacted)).toEqual({
      msg: 'cannot reach db://admin:***@10.0.0.5',
      err: { message: 'a', url: 'http://u:***@h', next: 'x@y' },
    });
  });
});
