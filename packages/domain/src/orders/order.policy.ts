import type { IOrder, IUserVip } from '@wenku/db';
import { OrderStatus } from '@wenku/shared';

/** Who looks: the member's id and whether they hold the order-list permission (OrderAPI.ListOrder). */
export interface OrderViewer {
  userId: number;
  admin: boolean;
}

/** An order administrator sees every order; the buyer theirs until they delete it from their list. */
export const mayViewOrder = (o: Pick<IOrder, 'userId' | 'deletedAt'>, viewer: OrderViewer) =>
  viewer.admin || (o.userId === viewer.userId && !o.deletedAt);

/** The terms a VIP order granted: its buyer or an order administrator. */
export const mayViewVipGrant = (v: Pick<IUserVip, 'userId'>, viewer: OrderViewer) =>
  viewer.admin || v.userId === viewer.userId;

/** A pending order past its deadline is closed (the server is the authority on time, not the page). */
export const isOverdue = (o: Pick<IOrder, 'status' | 'closedAt'>, now = new Date()) =>
  o.status === OrderStatus.Pending && !!o.closedAt && o.closedAt <= now;

/** A buyer removes an order from their list only once it is closed. */
export const mayDeleteOrder = (o: Pick<IOrder, 'status'>) => o.status === OrderStatus.Closed;
