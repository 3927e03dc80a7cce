/**
 * The order desk's answer as data, printed by `--json`.
 *
 * @structuredOutput
 */
export class OrderAnswer {
  /** The order the question is about, e.g. A123; null when the question names none. */
  orderId!: string | null;
  /** The order's status as the order tool reported it, e.g. SHIPPED; null when it is not known. */
  status!: string | null;
  /** The answer for the customer, in the language of the question. */
  answer!: string;
}
