import { Tool, ToolParam } from '@sprout-ai/core';
import { GuestRequest, PartyRequest } from './party-request';

/** DTO parameters in every form the runtime converts and validates. */
export class PartyTools {
  received: unknown[] = [];

  /** Plans a party. */
  @Tool()
  plan(party: PartyRequest): string {
    this.received = [party];
    return [party.host, ...party.guests].map((guest) => guest.badge()).join(', ');
  }

  /** Invites a guest, if any. */
  @Tool()
  invite(guest?: GuestRequest): string {
    this.received = [guest];
    return guest?.badge() ?? 'nobody';
  }

  /** Replaces the host, or removes it with null. */
  @Tool()
  replaceHost(@ToolParam({ type: GuestRequest }) host: GuestRequest | null): string {
    this.received = [host];
    return host?.badge() ?? 'no host';
  }
}
