import fs from 'node:fs';

/** The log lines Sprout wrote while a {@link captureLogLines} capture was on. */
export interface LogCapture {
  /**
   * The lines written so far, once pending writes have landed.
   *
   * @returns the JSON lines, in order, without their line breaks
   */
  lines(): Promise<string[]>;
  /**
   * The lines written so far, parsed.
   *
   * @returns one object per line, e.g. `{ level: 40, name: 'prepareToolCalls', msg: '…' }`
   */
  records(): Promise<Record<string, unknown>[]>;
  /** Ends the capture: stderr gets its writes again. */
  restore(): void;
}

const STDERR = 2;

/**
 * Captures what Sprout's loggers really write: the JSON lines pino sends to stderr (fd 2) through
 * `node:fs` (`createLogger`'s destination). Writes to other descriptors pass through; captured lines
 * do not reach the terminal. Call `restore()` when done, e.g. in a `finally` or `afterEach`.
 *
 * @example
 * const logs = captureLogLines();
 * try {
 *   await client.prompt('Go').call().content();
 *   expect(await logs.records()).toContainEqual(expect.objectContaining({ level: 40 }));
 * } finally {
 *   logs.restore();
 * }
 * @returns the capture
 */
export function captureLogLines(): LogCapture {
  const chunks: string[] = [];
  const write = fs.write;
  const writeSync = fs.writeSync;
  const text = (data: unknown): string =>
    typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString('utf8') : String(data);

  fs.write = function (fd: number, data: unknown, ...rest: unknown[]): void {
    if (fd !== STDERR) return (write as (...args: unknown[]) => void).call(fs, fd, data, ...rest);
    const chunk = text(data);
    chunks.push(chunk);
    const callback = rest.at(-1) as (error: null, written: number, data: unknown) => void;
    process.nextTick(callback, null, Buffer.byteLength(chunk), data);
  } as typeof fs.write;
  fs.writeSync = function (fd: number, data: unknown, ...rest: unknown[]): number {
    if (fd !== STDERR) return (writeSync as (...args: unknown[]) => number).call(fs, fd, data, ...rest);
    const chunk = text(data);
    chunks.push(chunk);
    return Buffer.byteLength(chunk);
  };

  const lines = async (): Promise<string[]> => {
    // pino's SonicBoom writes asynchronously and holds lines back while a write is in flight (one
    // begun before the capture may take long on a loaded machine): wait until no chunk came for 30 ms.
    await sleep(20);
    for (let seen = -1, quiet = 0, waited = 0; quiet < 3 && waited < 500; waited += 10) {
      quiet = chunks.length === seen ? quiet + 1 : 0;
      seen = chunks.length;
      await sleep(10);
    }
    return chunks
      .join('')
      .split('\n')
      .filter((line) => line !== '');
  };
  return {
    lines,
    records: async () => (await lines()).map((line) => JSON.parse(line) as Record<string, unknown>),
    restore: () => {
      fs.write = write;
      fs.writeSync = writeSync;
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
