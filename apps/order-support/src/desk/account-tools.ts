import { inject, injectable } from 'inversify';
import { Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { AUTH_REQUIRED, type DeskResult, invalid, signedInUser } from './desk-result';
import { DeskStore } from './desk-store';

/** Languages the desk and its e-mails speak. */
export type DeskLanguage = 'zh-CN' | 'zh-TW' | 'en' | 'ja';

const LANGUAGES: readonly DeskLanguage[] = ['zh-CN', 'zh-TW', 'en', 'ja'];

/** The customer's account: profile, e-mail, phone, language, password reset. */
@injectable()
export class AccountTools {
  constructor(@inject(DeskStore) private readonly store: DeskStore) {}

  @Tool({ description: 'Show the current user’s account profile: name, e-mail, phone number, language, member since.' })
  getAccountProfile(toolContext: ToolContext): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    return { code: 'OK', ...this.profile(userId) };
  }

  @Tool({ description: 'Change the e-mail address of the account; a confirmation link is sent to the new address.' })
  updateEmailAddress(
    @ToolParam({ description: 'The new e-mail address, e.g. name@example.com' }) email: string,
    toolContext: ToolContext,
  ): DeskResult {
    if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      return invalid('That is not an e-mail address (name@example.com).');
    }
    return this.update(toolContext, { pendingEmail: email }, 'A confirmation link was sent to the new address.');
  }

  @Tool({ description: 'Change the mobile phone number of the account used for delivery calls and SMS.' })
  updatePhoneNumber(
    @ToolParam({ description: 'The new number with country code, e.g. +86 138 0000 0000' }) phone: string,
    toolContext: ToolContext,
  ): DeskResult {
    if (typeof phone !== 'string' || !/^\+?[\d\s-]{7,20}$/.test(phone)) {
      return invalid('A phone number has 7 to 20 digits, with an optional leading + and spaces.');
    }
    return this.update(toolContext, { phone }, undefined);
  }

  @Tool({ description: 'Set the language of the account’s e-mails, app and receipts.' })
  setLanguagePreference(
    @ToolParam({ description: 'zh-CN (简体中文), zh-TW (繁體中文), en or ja' }) language: DeskLanguage,
    toolContext: ToolContext,
  ): DeskResult {
    if (!LANGUAGES.includes(language)) return invalid(`The language is one of ${LANGUAGES.join(', ')}.`);
    return this.update(toolContext, { language }, undefined);
  }

  @Tool({ description: 'Send a password reset link to the account’s e-mail (forgot password, cannot log in).' })
  requestPasswordReset(toolContext: ToolContext): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const email = this.profile(userId).email;
    return {
      code: 'OK',
      sentTo: typeof email === 'string' ? email.replace(/^(.).*@/, '$1***@') : undefined,
      message: 'The link is valid for 30 minutes.',
    };
  }

  private profile(userId: string): Record<string, unknown> {
    return this.store.findOwned('profile', userId, userId)?.data ?? {};
  }

  private update(toolContext: ToolContext, change: Record<string, unknown>, message: string | undefined): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const data = { ...this.profile(userId), ...change };
    this.store.save({ kind: 'profile', id: userId, userId, data });
    return { code: 'OK', ...change, ...(message === undefined ? {} : { message }) };
  }
}
