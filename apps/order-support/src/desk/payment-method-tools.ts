import { inject, injectable } from 'inversify';
import { Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { AUTH_REQUIRED, type DeskResult, notAllowed, notFound, signedInUser } from './desk-result';
import { DeskStore } from './desk-store';

/** The customer's saved payment methods (cards, Alipay, WeChat Pay); only masked numbers ever leave the store. */
@injectable()
export class PaymentMethodTools {
  constructor(@inject(DeskStore) private readonly store: DeskStore) {}

  @Tool({
    description: 'List the saved payment methods (bank cards, Alipay, WeChat Pay), masked, and which is the default.',
  })
  listPaymentMethods(toolContext: ToolContext): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    return {
      code: 'OK',
      methods: this.store.list('payment-method', userId).map((r) => ({ paymentMethodId: r.id, ...r.data })),
    };
  }

  @Tool({ description: 'Make a saved payment method the default one used at checkout.' })
  setDefaultPaymentMethod(
    @ToolParam({ description: 'Id of the saved payment method, e.g. PM-2' }) paymentMethodId: string,
    toolContext: ToolContext,
  ): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    if (this.store.findOwned('payment-method', paymentMethodId, userId) === undefined) {
      return notFound('payment method', paymentMethodId);
    }
    for (const method of this.store.list('payment-method', userId)) {
      this.store.save({ ...method, data: { ...method.data, isDefault: method.id === paymentMethodId } });
    }
    return { code: 'OK', defaultPaymentMethodId: paymentMethodId };
  }

  @Tool({ description: 'Remove a saved card or wallet from the account.' })
  removePaymentMethod(
    @ToolParam({ description: 'Id of the saved payment method, e.g. PM-2' }) paymentMethodId: string,
    toolContext: ToolContext,
  ): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const found = this.store.findOwned<{ isDefault: boolean }>('payment-method', paymentMethodId, userId);
    if (found === undefined) return notFound('payment method', paymentMethodId);
    if (found.data.isDefault)
      return notAllowed('The default payment method cannot be removed; choose another default first.');
    this.store.delete('payment-method', paymentMethodId);
    return { code: 'OK', removed: paymentMethodId };
  }
}
