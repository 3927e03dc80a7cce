import { pathToFileURL } from 'node:url';
import type { ChildTaskReply, ChildTaskRequest, Json } from './child-task';

// Entry point of the processes started by runInChild: one request, one reply, exit.
process.once('message', (request: ChildTaskRequest) => {
  void run(request).then((reply) => {
    process.send?.(reply, () => process.exit(0));
  });
});

async function run(request: ChildTaskRequest): Promise<ChildTaskReply> {
  try {
    const loaded = (await import(pathToFileURL(request.modulePath).href)) as Record<string, unknown>;
    const exports = (loaded.default ?? loaded) as Record<string, unknown>;
    const task = exports[request.exportName] ?? loaded[request.exportName];
    if (typeof task !== 'function') {
      throw new Error(`${request.modulePath} has no exported function '${request.exportName}'.`);
    }
    const result = (await (task as (args: Json) => Promise<Json>)(request.args)) ?? null;
    return { ok: true, result };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}
