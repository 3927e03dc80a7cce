import type { DeskRecord } from './desk-store';

/** One line of an order. */
export interface OrderLine {
  readonly sku: string;
  readonly name: string;
  readonly quantity: number;
  /** Unit price in cents (CNY fen). */
  readonly priceCents: number;
}

/** The details of an order the desk keeps beside its status (which the order gateway owns). */
export interface OrderDetails {
  readonly placedAt: string;
  readonly lines: readonly OrderLine[];
  readonly totalCents: number;
  readonly shippingAddressId: string;
  readonly shippingSpeed: 'standard' | 'express' | 'next-day';
  readonly carrier?: string;
  readonly trackingNumber?: string;
  /** Tracking events, oldest first, e.g. `2026-11-28 09:10 已揽收 上海`. */
  readonly trackingEvents?: readonly string[];
  readonly estimatedDelivery?: string;
  readonly deliveredAt?: string;
  readonly giftMessage?: string;
  readonly couponCode?: string;
  readonly cancelled?: boolean;
}

/** The records the desk database is seeded with (inserted only when missing). */
export const SEED_DESK_RECORDS: readonly DeskRecord[] = [
  order('A123', 'u7', {
    placedAt: '2026-11-27',
    lines: [
      { sku: 'LAMP-01', name: '竹制台灯', quantity: 1, priceCents: 19900 },
      { sku: 'BULB-E27', name: 'E27 LED 灯泡', quantity: 2, priceCents: 1500 },
    ],
    totalCents: 22900,
    shippingAddressId: 'ADDR-1',
    shippingSpeed: 'standard',
    carrier: '顺丰速运',
    trackingNumber: 'SF1234567890',
    trackingEvents: ['2026-11-28 09:10 已揽收 上海', '2026-11-29 21:40 到达 杭州转运中心'],
    estimatedDelivery: '2026-12-03',
  }),
  order('A124', 'u8', {
    placedAt: '2026-11-20',
    lines: [{ sku: 'MUG-02', name: '陶瓷马克杯', quantity: 4, priceCents: 3900 }],
    totalCents: 15600,
    shippingAddressId: 'ADDR-3',
    shippingSpeed: 'standard',
    carrier: '中通快递',
    trackingNumber: 'ZT5550001',
    deliveredAt: '2026-11-24',
  }),
  order('A200', 'u7', {
    placedAt: '2026-12-01',
    lines: [{ sku: 'BUDS-05', name: '无线耳机', quantity: 1, priceCents: 49900 }],
    totalCents: 49900,
    shippingAddressId: 'ADDR-1',
    shippingSpeed: 'standard',
    estimatedDelivery: '2026-12-06',
  }),
  order('A150', 'u7', {
    placedAt: '2026-11-10',
    lines: [
      { sku: 'KETTLE-1', name: '电热水壶', quantity: 1, priceCents: 15900 },
      { sku: 'TOWEL-3', name: '纯棉毛巾三条装', quantity: 1, priceCents: 5900 },
    ],
    totalCents: 21800,
    shippingAddressId: 'ADDR-2',
    shippingSpeed: 'express',
    carrier: '京东物流',
    trackingNumber: 'JD0098765',
    deliveredAt: '2026-11-25',
  }),
  {
    kind: 'profile',
    id: 'u7',
    userId: 'u7',
    data: {
      name: '王小明',
      email: 'xiaoming@example.com',
      phone: '+86 138 0000 0007',
      language: 'zh-CN',
      memberSince: '2021-05-02',
    },
  },
  {
    kind: 'profile',
    id: 'u8',
    userId: 'u8',
    data: {
      name: 'Li Hua',
      email: 'lihua@example.com',
      phone: '+86 139 0000 0008',
      language: 'en',
      memberSince: '2024-09-13',
    },
  },
  {
    kind: 'address',
    id: 'ADDR-1',
    userId: 'u7',
    data: {
      label: 'home',
      recipient: '王小明',
      street: '长宁路 100 号 5 室',
      city: '上海',
      postalCode: '200050',
      country: 'CN',
      isDefault: true,
    },
  },
  {
    kind: 'address',
    id: 'ADDR-2',
    userId: 'u7',
    data: {
      label: 'office',
      recipient: '王小明',
      street: '南京西路 1266 号 30 楼',
      city: '上海',
      postalCode: '200040',
      country: 'CN',
      isDefault: false,
    },
  },
  {
    kind: 'address',
    id: 'ADDR-3',
    userId: 'u8',
    data: {
      label: 'home',
      recipient: 'Li Hua',
      street: '文三路 90 号',
      city: '杭州',
      postalCode: '310012',
      country: 'CN',
      isDefault: true,
    },
  },
  {
    kind: 'payment-method',
    id: 'PM-1',
    userId: 'u7',
    data: { type: 'card', brand: 'Visa', last4: '4242', expires: '2028-04', isDefault: true },
  },
  {
    kind: 'payment-method',
    id: 'PM-2',
    userId: 'u7',
    data: { type: 'alipay', account: 'xia***@example.com', isDefault: false },
  },
  {
    kind: 'payment-method',
    id: 'PM-3',
    userId: 'u8',
    data: { type: 'wechat-pay', account: 'wx***08', isDefault: true },
  },
  {
    kind: 'invoice',
    id: 'INV-A123',
    userId: 'u7',
    data: { orderId: 'A123', amountCents: 22900, paid: true, issuedAt: '2026-11-27' },
  },
  {
    kind: 'invoice',
    id: 'INV-A150',
    userId: 'u7',
    data: { orderId: 'A150', amountCents: 21800, paid: true, issuedAt: '2026-11-10' },
  },
  {
    kind: 'invoice',
    id: 'INV-A200',
    userId: 'u7',
    data: { orderId: 'A200', amountCents: 49900, paid: false, issuedAt: '2026-12-01', dueDate: '2026-12-08' },
  },
  {
    kind: 'invoice',
    id: 'INV-A124',
    userId: 'u8',
    data: { orderId: 'A124', amountCents: 15600, paid: true, issuedAt: '2026-11-20' },
  },
  {
    kind: 'coupon',
    id: 'WELCOME10',
    userId: '',
    data: { description: '10% off an order over ¥100', percentOff: 10, minTotalCents: 10000, validUntil: '2026-12-31' },
  },
  {
    kind: 'coupon',
    id: 'SHIPFREE',
    userId: '',
    data: { description: 'Free express upgrade', percentOff: 0, minTotalCents: 0, validUntil: '2027-01-31' },
  },
  { kind: 'loyalty', id: 'u7', userId: 'u7', data: { points: 1200, tier: 'gold' } },
  { kind: 'loyalty', id: 'u8', userId: 'u8', data: { points: 80, tier: 'basic' } },
  {
    kind: 'membership',
    id: 'u7',
    userId: 'u7',
    data: { plan: 'Plus', renewsOn: '2027-01-15', autoRenew: true, priceCents: 19800 },
  },
  { kind: 'notification-preferences', id: 'u7', userId: 'u7', data: { email: true, sms: true, push: false } },
  {
    kind: 'ticket',
    id: 'T-500',
    userId: 'u7',
    data: { subject: '发票抬头错误', status: 'waiting-for-agent', openedAt: '2026-11-30' },
  },
  {
    kind: 'product',
    id: 'LAMP-01',
    userId: '',
    data: { name: '竹制台灯 Bamboo desk lamp', priceCents: 19900, stock: 12, warrantyMonths: 24 },
  },
  {
    kind: 'product',
    id: 'BUDS-05',
    userId: '',
    data: { name: '无线耳机 Wireless earbuds', priceCents: 49900, stock: 0, warrantyMonths: 12 },
  },
  {
    kind: 'product',
    id: 'KETTLE-1',
    userId: '',
    data: { name: '电热水壶 Electric kettle', priceCents: 15900, stock: 40, warrantyMonths: 12 },
  },
  {
    kind: 'product',
    id: 'MUG-02',
    userId: '',
    data: { name: '陶瓷马克杯 Ceramic mug', priceCents: 3900, stock: 300, warrantyMonths: 0 },
  },
];

function order(id: string, userId: string, data: OrderDetails): DeskRecord {
  return { kind: 'order', id, userId, data: data as unknown as Record<string, unknown> };
}
