import { inject, injectable } from 'inversify';
import { Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { AUTH_REQUIRED, type DeskResult, invalid, signedInUser } from './desk-result';
import { DeskStore } from './desk-store';

/** Channels the shop sends order updates and offers on. */
export type NotificationChannel = 'email' | 'sms' | 'push';

const CHANNELS: readonly NotificationChannel[] = ['email', 'sms', 'push'];
const DEFAULTS: Readonly<Record<NotificationChannel, boolean>> = { email: true, sms: false, push: false };

/** Which messages the customer gets, on which channel. */
@injectable()
export class NotificationTools {
  constructor(@inject(DeskStore) private readonly store: DeskStore) {}

  @Tool({ description: 'Which notification channels (e-mail, SMS, app push) are on for order updates.' })
  getNotificationPreferences(toolContext: ToolContext): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    return { code: 'OK', ...this.preferences(userId) };
  }

  @Tool({ description: 'Turn a notification channel on or off (stop or start SMS, e-mail or push messages).' })
  updateNotificationPreferences(
    @ToolParam({ description: 'email, sms or push' }) channel: NotificationChannel,
    @ToolParam({ description: 'true to receive messages on it, false to stop them' }) enabled: boolean,
    toolContext: ToolContext,
  ): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    if (!CHANNELS.includes(channel) || typeof enabled !== 'boolean') {
      return invalid('The channel is email, sms or push, and enabled is true or false.');
    }
    const data = { ...this.preferences(userId), [channel]: enabled };
    this.store.save({ kind: 'notification-preferences', id: userId, userId, data });
    return { code: 'OK', ...data };
  }

  private preferences(userId: string): Record<string, unknown> {
    return { ...DEFAULTS, ...this.store.findOwned('notification-preferences', userId, userId)?.data };
  }
}
