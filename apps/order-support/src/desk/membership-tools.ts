import { inject, injectable } from 'inversify';
import { Tool, ToolContext } from '@sprout-ai/core';
import { AUTH_REQUIRED, type DeskResult, notFound, signedInUser } from './desk-result';
import { DeskStore } from './desk-store';

interface MembershipData {
  readonly plan: string;
  readonly renewsOn: string;
  readonly autoRenew: boolean;
  readonly priceCents: number;
}

/** The paid membership (free express shipping, member prices). */
@injectable()
export class MembershipTools {
  constructor(@inject(DeskStore) private readonly store: DeskStore) {}

  @Tool({ description: 'The customer’s paid membership plan (会员): plan, price, renewal date, auto-renew on or off.' })
  getMembershipStatus(toolContext: ToolContext): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const found = this.store.findOwned<MembershipData>('membership', userId, userId);
    return found === undefined
      ? { code: 'OK', plan: null, message: 'The customer has no membership.' }
      : { code: 'OK', ...found.data };
  }

  @Tool({
    description:
      'Turn off the automatic renewal of the membership subscription; it stays active until the renewal date.',
  })
  cancelMembershipRenewal(toolContext: ToolContext): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const found = this.store.findOwned<MembershipData>('membership', userId, userId);
    if (found === undefined) return notFound('membership', 'of this user');
    this.store.save({ ...found, data: { ...found.data, autoRenew: false } });
    return { code: 'OK', autoRenew: false, activeUntil: found.data.renewsOn };
  }
}
