import { MessageType } from './message-type';

/** Instructions for the model; sent first. @see Spring AI `SystemMessage` */
export class SystemMessage {
  readonly messageType = MessageType.SYSTEM;
  constructor(
    readonly text: string,
    readonly metadata: Readonly<Record<string, unknown>> = {},
  ) {}
}
