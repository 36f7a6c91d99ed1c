import type { IOrder, IUserVip } from '@wenku/db';

/** Order → wire shape (`money` in yuan; timestamps ISO, null while not paid or closed). */
export function presentOrder(o: IOrder, username = '') {
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  return {
    id: o.id,
    order_no: o.orderNo,
    order_type: o.orderType,
    product_id: o.productId,
    product_uuid: o.productUuid,
    product_name: o.productName,
    status: o.status,
    quantity: o.quantity,
    price: o.price,
    amount: o.amount,
    coupon_amount: o.couponAmount,
    money: o.moneyCents / 100,
    payment_type: o.paymentType,
    created_at: o.createdAt.toISOString(),
    paid_at: iso(o.paidAt),
    closed_at: iso(o.closedAt),
    updated_at: o.updatedAt.toISOString(),
    user_id: o.userId,
    username,
  };
}

/** A VIP membership → wire shape. */
export const presentVip = (v: IUserVip, username = '') => ({
  id: v.id,
  type: v.type,
  user_id: v.userId,
  username,
  discount: v.discount,
  download: v.download,
  download_used: v.downloadUsed,
  times: v.times,
  joined_at: v.joinedAt.toISOString(),
  expired_at: v.expiredAt.toISOString(),
  order_no: v.orderNo,
  created_at: v.createdAt.toISOString(),
});
