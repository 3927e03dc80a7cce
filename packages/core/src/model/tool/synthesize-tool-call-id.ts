import { randomUUID } from 'node:crypto';

/**
 * A unique tool-call id for a call that arrived without one (or with an empty one): `call_` + 32
 * hex digits, e.g. `call_3f2b…`. Used once per call, so the assistant message, the tool message
 * and chat memory all carry the same id.
 *
 * @returns a new id
 */
export function synthesizeToolCallId(): string {
  return `call_${randomUUID().replace(/-/g, '')}`;
}
