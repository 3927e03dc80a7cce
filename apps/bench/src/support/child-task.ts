import { fork } from 'node:child_process';
import path from 'node:path';

/** A JSON value (what crosses the process boundary). */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** The message a task child sends back. */
export type ChildTaskReply =
  { readonly ok: true; readonly result: Json } | { readonly ok: false; readonly error: string };

/** The message a task child receives. */
export interface ChildTaskRequest {
  /** Absolute path of the compiled module (e.g. a case's `__filename`). */
  readonly modulePath: string;
  /** Name of the exported async function to call. */
  readonly exportName: string;
  readonly args: Json;
}

/**
 * Runs an exported function of a module in a fresh Node process and returns its result, for
 * measurements that need a clean heap (peak RSS, start-up time): `await runInChild(__filename,
 * 'myTask', { n: 1000 })` calls `export async function myTask(args)` of the same file in a child.
 *
 * The child runs with `--expose-gc` (plus `execArgv`) and inherits stdout/stderr; the function's
 * result must be JSON. Cases use this through `BenchContext.runInChild`.
 *
 * @param modulePath - compiled module that exports the function (pass `__filename`)
 * @param exportName - name of the exported function
 * @param args - its argument
 * @param execArgv - extra Node flags of the child, e.g. `['--cpu-prof']`
 * @throws Error when the function throws (with its message) or the child exits without a reply
 */
export async function runInChild<R extends Json>(
  modulePath: string,
  exportName: string,
  args: Json,
  execArgv: readonly string[] = [],
): Promise<R> {
  const child = fork(path.join(__dirname, 'child-main.js'), [], {
    execArgv: ['--expose-gc', ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<R>((resolve, reject) => {
    let reply: ChildTaskReply | undefined;
    child.on('message', (message: ChildTaskReply) => {
      reply = message;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (reply?.ok) resolve(reply.result as R);
      else if (reply) reject(new Error(`${exportName} failed in a child process: ${reply.error}`));
      else
        reject(
          new Error(
            `The child process running ${exportName} exited (code ${String(code)}, signal ${String(signal)}) without a result.`,
          ),
        );
    });
    const request: ChildTaskRequest = { modulePath, exportName, args };
    child.send(request);
  });
}
