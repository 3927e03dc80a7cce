import { Tool } from '@sprout-ai/core';

// Names run against the alphabet, so declaration order and alphabetical order always differ.

export interface Party {
  zone: string;
  name: string;
}

export interface Contact {
  phone: string;
  email?: string;
}

/** Extends two interfaces, the first of which extends another, and redeclares one of Party's properties. */
export interface Recipient extends Party, Contact {
  weight: number;
  name: string;
  alias?: string;
}

export class Parcel {
  width = 0;
  height = 0;
}

export class FragileParcel extends Parcel {
  sticker = 'fragile';
  careLevel?: number;
}

export interface Labelled<T> extends Party {
  value: T;
  caption: string;
}

export interface Shipment {
  zip: string;
  route: { via: string; stops: { when: string; at: string }[] };
  lines: { sku: string; amount: number }[];
  byWarehouse: Record<string, { stock: number; bin: string }>;
  recipient: Recipient;
  parcel: FragileParcel;
  draft: Partial<Recipient>;
  summary: Pick<Recipient, 'weight' | 'zone'>;
  label: Labelled<string>;
  extra: { yes: boolean; also: boolean } & { more: string; base: string };
}

export class ShipmentTools {
  /** Ships. */
  @Tool()
  ship(shipment: Shipment, priority: number, courier: string): string {
    return JSON.stringify([shipment, priority, courier]);
  }
}
