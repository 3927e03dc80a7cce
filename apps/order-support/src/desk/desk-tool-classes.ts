import { AccountTools } from './account-tools';
import { AddressBookTools } from './address-book-tools';
import { DeliveryIssueTools } from './delivery-issue-tools';
import { InvoiceTools } from './invoice-tools';
import { MembershipTools } from './membership-tools';
import { NotificationTools } from './notification-tools';
import { OrderChangeTools } from './order-change-tools';
import { OrderHistoryTools } from './order-history-tools';
import { PaymentMethodTools } from './payment-method-tools';
import { ProductTools } from './product-tools';
import { PromotionTools } from './promotion-tools';
import { RefundTools } from './refund-tools';
import { ReturnTools } from './return-tools';
import { ShipmentTools } from './shipment-tools';
import { SupportTicketTools } from './support-ticket-tools';

/**
 * The desk's tool classes beside `OrderTools` (orders, shipping, returns, refunds, account,
 * billing, promotions, support, products): 52 `@Tool` methods that the scanner finds once the
 * classes are bound.
 */
export const DESK_TOOL_CLASSES = [
  OrderHistoryTools,
  OrderChangeTools,
  ShipmentTools,
  DeliveryIssueTools,
  ReturnTools,
  RefundTools,
  AccountTools,
  AddressBookTools,
  PaymentMethodTools,
  InvoiceTools,
  PromotionTools,
  MembershipTools,
  SupportTicketTools,
  ProductTools,
  NotificationTools,
] as const;
