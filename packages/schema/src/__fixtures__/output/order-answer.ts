/** One line of an order. */
export interface OrderLine {
  /** The product's SKU. */
  sku: string;
  quantity: number;
}

/**
 * The order desk's answer about one order.
 *
 * @structuredOutput
 */
export class OrderAnswer {
  /** The order's id, e.g. A123. */
  orderId!: string;
  /** Where the order is. */
  status!: 'placed' | 'shipped' | 'delivered' | 'cancelled';
  lines!: OrderLine[];
  /** When it is expected, if known. */
  expectedAt?: Date;
}

/**
 * A short reply, as an interface.
 * @structuredOutput
 */
export interface ShortReply {
  text: string;
  confidence: number | null;
}

/** @structuredOutput */
export type Verdict = { approved: boolean };

/** Not tagged: left out. */
export interface Untagged {
  x: string;
}
