import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const INSTALL_HINT =
  'redis-server is not installed (not found on PATH), and the Redis chat memory tests need a real one. ' +
  'Install it with `apt-get update && apt-get install -y redis-server` (Debian/Ubuntu) or `brew install redis` ' +
  '(macOS); the tests start and stop their own server on 127.0.0.1.';

/**
 * A real `redis-server` for tests: 127.0.0.1, an ephemeral port, its own temporary directory, no
 * persistence unless asked (`--save '' --appendonly no`), stopped by {@link RedisTestServer.stop}.
 */
export class RedisTestServer {
  #process: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    readonly dir: string,
  ) {}

  /** `redis://127.0.0.1:<port>` */
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /**
   * Starts a server.
   *
   * @throws Error saying how to install redis-server when it is missing
   */
  static async start(): Promise<RedisTestServer> {
    if (spawnSync('redis-server', ['--version']).error !== undefined) throw new Error(INSTALL_HINT);
    const server = new RedisTestServer(await freePort(), mkdtempSync(join(tmpdir(), 'sprout-redis-')));
    await server.restart();
    return server;
  }

  /** Starts the server again on the same port and directory (loading `dump.rdb` if a shutdown saved one). */
  async restart(): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        '--bind',
        '127.0.0.1',
        '--port',
        String(this.port),
        '--protected-mode',
        'yes',
        '--dir',
        this.dir,
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.#process = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`redis-server exited with code ${String(code)}: ${output}`)));
      child.once('error', reject);
    });
  }

  /**
   * Stops the server synchronously (blocking), so a test can stop it in the middle of a save.
   *
   * @param save - write `dump.rdb` first, so {@link RedisTestServer.restart} brings the data back
   */
  stopNow(save: boolean): void {
    spawnSync('redis-cli', ['-p', String(this.port), 'shutdown', save ? 'save' : 'nosave']);
  }

  /** Stops the server and deletes its directory. */
  async stop(): Promise<void> {
    const child = this.#process;
    if (child !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Resolves when the current process has exited. */
  async exited(): Promise<void> {
    const child = this.#process;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('The probe server has no port.')),
      );
    });
  });
}
