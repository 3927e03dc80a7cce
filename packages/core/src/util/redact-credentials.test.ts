import { redactCredentials } from './redact-credentials';

describe(redactCredentials, () => {
  describe('when a URL has user info', () => {
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
  });

  describe('when a secret key has a value (key=value, key: value, query parameters)', () => {
    it.each([
      ['password=hunter2 and more', 'password=*** and more'],
      ['PASSWORD: hunter2', 'PASSWORD: ***'],
      ['login failed: user=bob pwd=abc123', 'login failed: user=bob pwd=***'],
      ['passwd = hunter2', 'passwd = ***'],
      ['secret=s3 user=bob', 'secret=*** user=bob'],
      ['DB_PASSWORD=hunter2', 'DB_PASSWORD=***'],
      ['clientSecret: s3cr3t', 'clientSecret: ***'],
      ['GET /search?q=x&api_key=k1&page=2', 'GET /search?q=x&api_key=***&page=2'],
      ['apikey=k1', 'apikey=***'],
      ['x-api-key: abc123', 'x-api-key: ***'],
      ['https://h/cb?access_token=eyJ.abc.def#x', 'https://h/cb?access_token=***'],
      ['spring.ai.openai.api-key=sk-file', 'spring.ai.openai.api-key=***'],
      ['password="hunter 2" user=bob', 'password="***" user=bob'],
      ["{ password: 'hunter 2', user: 'bob' }", "{ password: '***', user: 'bob' }"],
    ])('should mask the value in %j', (text, expected) => {
      expect(redactCredentials(text)).toBe(expected);
    });
  });

  describe('when JSON holds a secret key', () => {
    it('should mask string and literal values and keep the JSON valid', () => {
      const json = JSON.stringify({ password: 'hun"ter2', user: 'bob', token: 12345, nested: { apiKey: null } });

      const redacted = redactCredentials(json);

      expect(JSON.parse(redacted)).toEqual({ password: '***', user: 'bob', token: '***', nested: { apiKey: '***' } });
    });

    it('should mask JSON inside a JSON log line, where its quotes are escaped', () => {
      const line = JSON.stringify({ msg: `config ${JSON.stringify({ password: 'hu"n\\ter2', host: 'db' })} rejected` });

      const redacted = redactCredentials(line);

      expect(JSON.parse(redacted)).toEqual({ msg: 'config {"password":"***","host":"db"} rejected' });
    });
  });

  describe('when an authorization value is present', () => {
    it.each([
      ['Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-_x', 'Authorization: Bearer ***'],
      ['{"authorization":"bearer u7"}', '{"authorization":"bearer ***"}'],
      [`Authorization: Basic ${Buffer.from('hotel_admin:Hunter2').toString('base64')}`, 'Authorization: Basic ***'],
    ])('should mask the token in %j', (text, expected) => {
      expect(redactCredentials(text)).toBe(expected);
    });

    it('should leave a Basic word that is not base64 of user:password alone', () => {
      expect(redactCredentials('Basic usage: see the guide')).toBe('Basic usage: see the guide');
    });
  });

  describe('when an sk- API key is present', () => {
    it.each([
      ['key sk-4fGh7JkL9mNpQ2rStUvWxYz012345 rejected', 'key sk-*** rejected'],
      ['"sk-proj-Ab12Cd34Ef56Gh78Ij90_kl-MnOpQr"', '"sk-***"'],
      ['Incorrect API key provided: sk-ant-api03-AbCdEf1234567890xyz.', 'Incorrect API key provided: sk-***.'],
    ])('should mask it in %j', (text, expected) => {
      expect(redactCredentials(text)).toBe(expected);
    });
  });

  it.each([
    "Tool call 'searchDocs' has blank arguments; using {}",
    '{"level":30,"usage":{"promptTokens":20,"totalTokens":25},"maxTokens":256}',
    'password_hash=abc tokenizer: bpe max_tokens=256',
    "Invalid value 'x' for property 'spring.ai.openai.api-key' (from override): expected a URL.",
    'task-force sk-test sk-learn-the-basics-of-things desk-12345678901234567890123',
    'no URL here',
    'http://127.0.0.1:3001/mcp',
    'http://host:8080/path@x',
    'ssh://git@github.com/o/r.git',
    'file:///srv/node_modules/@scope/pkg/index.js',
    'mail admin:secret@example.com',
  ])('should leave ordinary text alone: %j', (text) => {
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
