import { z } from 'zod';
import { listInput, timestamp, zArray, zBool, zId } from './common.ts';

export const ORDER_MESSAGES = {
  quantityRequired: 'orders.quantity_required',
  quantityInvalid: 'orders.quantity_invalid',
  orderNoRequired: 'orders.order_no_required',
  creditRange: 'orders.credit_range',
  remarkRequired: 'orders.remark_required',
  downcodeRequired: 'orders.downcode_required',
} as const;

const orderNo = z
  .string({ error: ORDER_MESSAGES.orderNoRequired })
  .trim()
  .min(1, ORDER_MESSAGES.orderNoRequired)
  .max(32);
export const orderNoInput = z.object({ order_no: orderNo });

/**
 * POST /order (moredoc-pro-facts §0.2): document `{order_type:1, product_id}`, VIP `{order_type:2, product_id:
 * 0|1|2}`, recharge `{order_type:3, quantity}`.
 */
export const createOrderInput = z
  .object({
    order_type: z.coerce.number().int().min(1, 'orders.type_invalid').max(3, 'orders.type_invalid'),
    product_id: z.coerce.number().int().min(0).default(0),
    quantity: z.coerce.number({ error: ORDER_MESSAGES.quantityInvalid }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.order_type !== 3) return;
    if (v.quantity === undefined)
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: ORDER_MESSAGES.quantityRequired });
    else if (!Number.isInteger(v.quantity) || v.quantity <= 0 || v.quantity > 100_000_000)
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: ORDER_MESSAGES.quantityInvalid });
  });
export type CreateOrderInput = z.infer<typeof createOrderInput>;

/** `status` 1 → go pay on /order; 2 → already owned or paid (moredoc-pro-facts §0.2). */
export const createOrderOutput = z.object({ order_no: z.string(), status: z.number(), message: z.string() });

export const orderOutput = z.object({
  id: z.number(),
  order_no: z.string(),
  order_type: z.number(),
  product_id: z.number(),
  product_uuid: z.string(),
  product_name: z.string(),
  status: z.number(),
  quantity: z.number(),
  price: z.number(),
  amount: z.number(),
  coupon_amount: z.number(),
  /** What an online payment of this order costs, in yuan (2 decimals). */
  money: z.number(),
  payment_type: z.number(),
  created_at: timestamp,
  paid_at: timestamp.nullable(),
  closed_at: timestamp.nullable(),
  updated_at: timestamp,
  user_id: z.number(),
  username: z.string(),
});
export type OrderDTO = z.infer<typeof orderOutput>;

export const userOrderListInput = listInput.extend({
  status: z.coerce.number().int().min(0).max(3).optional(),
});

export const orderListInput = listInput.extend({
  order_status: zArray(z.coerce.number().int().min(1).max(3)).optional(),
  order_type: zArray(z.coerce.number().int().min(1).max(3)).optional(),
  payment_type: zArray(z.coerce.number().int().min(0).max(10)).optional(),
  user_id: zArray(zId).optional(),
});

/** POST /order/pay: the buyer chooses WeChat 1, Alipay 2, points 5, XunhuPay 8 or a download code 9. */
export const payOrderInput = z.object({
  order_no: orderNo,
  payment_type: z.coerce
    .number()
    .int()
    .refine((v) => [1, 2, 5, 8, 9].includes(v), 'orders.payment_type_required'),
  downcode: z.string().trim().max(64).optional().default(''),
  is_wap: zBool.optional().default(false),
  /** WeChat OAuth code inside the WeChat browser (JSAPI payment). */
  code: z.string().trim().max(256).optional().default(''),
});

export const payOrderOutput = z.object({
  /** 1 payment started (go to `payment_url`), 2 paid. */
  order_status: z.number(),
  payment_url: z.string(),
  extra: z.record(z.string(), z.string()).nullable(),
});

/**
 * POST /order/system/recharge: the administrator's top-up (moredoc-pro-facts §4.7) `{user_id, credit, remark}`;
 * spec §7 also describes it as a member's recharge creation `{order_type, quantity}` (docs/decisions.md).
 */
export const systemRechargeInput = z.union([
  z.object({
    user_id: zId,
    credit: z.coerce
      .number({ error: ORDER_MESSAGES.creditRange })
      .int(ORDER_MESSAGES.creditRange)
      .min(1, ORDER_MESSAGES.creditRange)
      .max(1_000_000, ORDER_MESSAGES.creditRange),
    remark: z.string({ error: ORDER_MESSAGES.remarkRequired }).trim().min(1, ORDER_MESSAGES.remarkRequired).max(255),
  }),
  z.object({
    order_type: z.coerce.number().int().pipe(z.literal(3, 'orders.type_invalid')),
    quantity: z.coerce.number({ error: ORDER_MESSAGES.quantityRequired }),
  }),
]);
export const systemRechargeOutput = z.object({ order_no: z.string(), status: z.number(), message: z.string() });

/** GET /user/sign: today's record, id 0 when not signed today (spec §4). PUT answers the same after signing. */
export const signOutput = z.object({
  id: z.number(),
  award: z.number(),
  sign_day: z.string(),
  credit_count: z.number(),
});

export const userVipOutput = z.object({
  id: z.number(),
  type: z.number(),
  user_id: z.number(),
  username: z.string(),
  discount: z.number(),
  download: z.number(),
  download_used: z.number(),
  times: z.number(),
  joined_at: timestamp,
  expired_at: timestamp,
  order_no: z.string(),
  created_at: timestamp,
});
export const userVipListInput = listInput.extend({
  type: zArray(z.coerce.number().int().min(0).max(2)).optional(),
  user_id: zArray(zId).optional(),
});
export const vipOrderOutput = z.object({
  times: z.number(),
  download: z.number(),
  discount: z.number(),
  joined_at: timestamp.nullable(),
  expired_at: timestamp.nullable(),
});

export const setDocumentsVipInput = z.object({
  document_id: zArray(zId, { n: 1, message: 'orders.choose_documents' }),
  is_vip: zBool,
});

export const createDownloadCodesInput = z.object({
  count: z.coerce.number().int().min(1, 'orders.number_1_1000').max(1000, 'orders.number_1_1000'),
  remark: z.string().trim().max(255).default(''),
});
export const downloadCodeOutput = z.object({
  id: z.number(),
  code: z.string(),
  remark: z.string(),
  used_by: z.number(),
  used_username: z.string(),
  used_at: timestamp.nullable(),
  order_no: z.string(),
  created_at: timestamp,
});
export const downloadCodeListInput = listInput.extend({ used: zBool.optional() });

export const rewardedOpportunitiesOutput = z.object({
  remaining: z.number(),
  times_every_day: z.number(),
  credit: z.number(),
});
export const rewardedCreditOutput = z.object({ credit: z.number(), credit_count: z.number(), remaining: z.number() });
export const rechargeOrderInput = z.object({ quantity: z.coerce.number({ error: ORDER_MESSAGES.quantityRequired }) });
export const wechatPayCertOutput = z.object({ cert: z.string(), serial: z.string() });
export const vipSettingsOutput = z.record(z.string(), z.unknown());
