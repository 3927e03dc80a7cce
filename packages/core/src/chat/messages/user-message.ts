import { MessageType } from './message-type';

/** A message from the end user. Tool-call limits count from the last one. @see Spring AI `UserMessage` */
export class UserMessage {
  readonly messageType = MessageType.USER;
  constructor(
    readonly text: string,
    readonly metadata: Readonly<Record<string, unknown>> = {},
  ) {}
}
