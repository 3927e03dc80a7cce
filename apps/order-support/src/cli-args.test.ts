import { CliUsageError, parseCliArgs } from './cli-args';

describe(parseCliArgs, () => {
  describe('when given a user and a question', () => {
    it('should return both', () => {
      expect(parseCliArgs(['--user', 'u7', '订单 A123 发货了吗？'])).toEqual({
        user: 'u7',
        question: '订单 A123 发货了吗？',
        help: false,
      });
    });

    it('should join several positional words into one question', () => {
      expect(parseCliArgs(['-u', 'u7', '订单', 'A123', '发货了吗？']).question).toBe('订单 A123 发货了吗？');
    });
  });

  describe('when --log-reasoning is given', () => {
    it('should ask for the model’s reasoning with each tool call', () => {
      expect(parseCliArgs(['--log-reasoning', '-u', 'u7', 'A123?']).logReasoning).toBe(true);
      expect(parseCliArgs(['-u', 'u7', 'A123?'])).not.toHaveProperty('logReasoning');
    });
  });

  describe('when --tool-search is given', () => {
    it('should ask for the tool-search advisor', () => {
      expect(parseCliArgs(['--tool-search', '-u', 'u7', 'A123?']).toolSearch).toBe(true);
      expect(parseCliArgs(['-u', 'u7', 'A123?'])).not.toHaveProperty('toolSearch');
    });
  });

  describe('when --provider is given', () => {
    it('should take openai or anthropic, in any case', () => {
      expect(parseCliArgs(['--provider', 'Anthropic', 'q']).provider).toBe('anthropic');
      expect(parseCliArgs(['-p', 'openai', 'q']).provider).toBe('openai');
      expect(parseCliArgs(['q'])).not.toHaveProperty('provider');
    });
  });

  describe('when --user is missing', () => {
    it('should leave the user undefined', () => {
      expect(parseCliArgs(['订单 A123 发货了吗？']).user).toBeUndefined();
    });
  });

  describe('when --help is given', () => {
    it('should ask for help even without a question', () => {
      expect(parseCliArgs(['--help']).help).toBe(true);
    });
  });

  describe('when the command line is wrong', () => {
    it.each([
      [
        ['--bogus', 'x'],
        /^Unknown option --bogus; the options are --user <id>, --conversation <id>, --stream, --json, --log-reasoning, --tool-search, --trace, --provider <openai\|anthropic>, --approve, --reject, --reason <text> and --help \(run with --help for usage\)$/,
      ],
      [['--user'], /^Option '-u, --user <value>' argument missing/],
      [['--user', ' ', 'q'], /non-empty user id/],
      [['--user', 'u7'], /No question given/],
      [['--provider', 'gemini', 'q'], /^Option --provider takes openai or anthropic; got 'gemini'/],
    ])('should reject %p with a CliUsageError', (argv, message) => {
      expect(() => parseCliArgs(argv)).toThrow(CliUsageError);
      expect(() => parseCliArgs(argv)).toThrow(message);
    });
  });
});

describe('parseCliArgs with --approve / --reject', () => {
  it('should take a decision for the paused turn of --conversation, without a question', () => {
    expect(parseCliArgs(['--user', 'u7', '--conversation', 'c1', '--approve'])).toMatchObject({
      conversation: 'c1',
      decision: { approve: true },
    });
    expect(parseCliArgs(['-c', 'c1', '--reject', '--reason', 'not now']).decision).toEqual({
      approve: false,
      reason: 'not now',
    });
  });

  it('should refuse a decision without --conversation, or both at once', () => {
    expect(() => parseCliArgs(['--approve'])).toThrow(/need --conversation/);
    expect(() => parseCliArgs(['-c', 'c1', '--approve', '--reject'])).toThrow(/not both/);
  });
});
