import { inject, injectable } from 'inversify';
import { Tool, ToolContext, ToolParam } from '@sprout-ai/core';
import { AUTH_REQUIRED, type DeskResult, invalid, notAllowed, notFound, signedInUser } from './desk-result';
import { DeskStore } from './desk-store';

/** The customer's saved delivery addresses. */
@injectable()
export class AddressBookTools {
  constructor(@inject(DeskStore) private readonly store: DeskStore) {}

  @Tool({ description: 'List the delivery addresses saved in the customer’s address book, with their ids.' })
  listSavedAddresses(toolContext: ToolContext): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    return { code: 'OK', addresses: this.store.list('address', userId).map((r) => ({ addressId: r.id, ...r.data })) };
  }

  @Tool({ description: 'Save a new delivery address in the address book.' })
  addSavedAddress(
    @ToolParam({ description: 'A short name for it, e.g. home, office, parents' }) label: string,
    @ToolParam({ description: 'Who receives the parcels there' }) recipient: string,
    @ToolParam({ description: 'Street, number, building and flat' }) street: string,
    @ToolParam({ description: 'City' }) city: string,
    @ToolParam({ description: 'Postal code, 6 digits in mainland China' }) postalCode: string,
    toolContext: ToolContext,
  ): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const fields = { label, recipient, street, city, postalCode };
    const blank = Object.entries(fields).find(([, v]) => typeof v !== 'string' || v.trim() === '');
    if (blank !== undefined) return invalid(`The ${blank[0]} is missing.`);
    const addressId = this.store.nextId('address', 'ADDR-');
    this.store.save({ kind: 'address', id: addressId, userId, data: { ...fields, country: 'CN', isDefault: false } });
    return { code: 'OK', addressId };
  }

  @Tool({ description: 'Delete a saved address from the address book.' })
  removeSavedAddress(
    @ToolParam({ description: 'Id of the saved address, e.g. ADDR-2' }) addressId: string,
    toolContext: ToolContext,
  ): DeskResult {
    const userId = signedInUser(toolContext);
    if (userId === undefined) return AUTH_REQUIRED;
    const found = this.store.findOwned<{ isDefault: boolean }>('address', addressId, userId);
    if (found === undefined) return notFound('saved address', addressId);
    if (found.data.isDefault)
      return notAllowed('The default address cannot be removed; make another one the default first.');
    this.store.delete('address', addressId);
    return { code: 'OK', removed: addressId };
  }
}
