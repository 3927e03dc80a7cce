import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/** The built entry `npm run serve` runs (the same path from src/web, as tests load it, and from dist/web). */
export const SERVE_JS = join(__dirname, '..', '..', 'dist', 'serve.js');

/** An order desk web service running as its own Node process (`node dist/serve.js`). */
export interface OrderDeskProcess {
  /** Where it serves, from its start-up line, e.g. `http://127.0.0.1:40321`. */
  readonly url: string;
  /** The child process. */
  readonly process: ChildProcess;
  /** Sends SIGTERM and waits for the process to exit. */
  stop(): Promise<void>;
}

/**
 * Starts `dist/serve.js` in a new process with only `env` (and `PATH`) as its environment, and waits
 * for its `order desk serving on <url>` line; for tests and the bench that need real, separate instances
 * (set `SERVER_PORT=0` to let each pick a free port).
 *
 * @param env - the instance's environment, e.g. `{ SERVER_PORT: '0', SPRING_AI_CHAT_MEMORY_REPOSITORY_TYPE: 'redis', … }`
 * @returns the running instance
 * @throws Error with the process's stderr when it exits before serving
 */
export function spawnOrderDeskProcess(env: Readonly<Record<string, string>>): Promise<OrderDeskProcess> {
  const child = spawn(process.execPath, [SERVE_JS], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr = child.stderr;
  if (stderr === null) throw new Error('serve.js was started without a stderr pipe');
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /order desk serving on (\S+)/.exec(output);
      if (match === null) return;
      stderr.off('data', onData);
      stderr.resume(); // keep draining the log so the instance never blocks on a full pipe
      resolve({ url: match[1], process: child, stop: () => stopProcess(child) });
    };
    stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve.js exited with ${String(code)}: ${output}`)));
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
