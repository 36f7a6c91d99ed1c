import * as orders from '@wenku/domain/orders';
import {
  createDownloadCodesInput,
  createOrderInput,
  createOrderOutput,
  downloadCodeListInput,
  downloadCodeOutput,
  emptyOutput,
  idsInput,
  listInput,
  listOutput,
  orderListInput,
  orderNoInput,
  orderOutput,
  payOrderInput,
  payOrderOutput,
  rechargeOrderInput,
  rewardedCreditOutput,
  rewardedOpportunitiesOutput,
  signOutput,
  systemRechargeInput,
  systemRechargeOutput,
  userOrderListInput,
  userVipListInput,
  userVipOutput,
  vipOrderOutput,
  vipSettingsOutput,
  wechatPayCertOutput,
} from '@wenku/shared';
import { z } from 'zod';
import { done, memberProcedure, permissionProcedure, publicProcedure, router } from '../trpc.ts';

/** Orders and payments (moredoc-pro-facts §2.2–2.3, §4, §6); online payments settle through /callback/*. */
export const orderRouter = router({
  create: memberProcedure
    .input(createOrderInput)
    .output(createOrderOutput)
    .mutation(({ ctx, input }) => orders.createOrder(ctx, input)),
  /** POST /order/recharge: a member's recharge order by quantity alone. */
  recharge: memberProcedure
    .input(rechargeOrderInput)
    .output(createOrderOutput)
    .mutation(({ ctx, input }) => orders.createOrder(ctx, { order_type: 3, product_id: 0, quantity: input.quantity })),
  get: memberProcedure
    .input(orderNoInput)
    .output(orderOutput)
    .query(({ ctx, input }) => orders.getOrder(ctx, input.order_no)),
  status: memberProcedure
    .input(orderNoInput)
    .output(orderOutput)
    .query(({ ctx, input }) => orders.refreshOrderStatus(ctx, input.order_no)),
  close: memberProcedure
    .input(orderNoInput)
    .output(orderOutput)
    .mutation(({ ctx, input }) => orders.closeOrder(ctx, input.order_no)),
  delete: memberProcedure
    .input(orderNoInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(orders.deleteOrder(ctx, input.order_no))),
  pay: memberProcedure
    .input(payOrderInput)
    .output(payOrderOutput)
    .mutation(({ ctx, input }) => orders.payOrder(ctx, input)),
  mine: memberProcedure
    .input(userOrderListInput)
    .output(listOutput('order', orderOutput))
    .query(({ ctx, input }) => orders.listMyOrders(ctx, input)),
  list: permissionProcedure('OrderAPI.ListOrder')
    .input(orderListInput)
    .output(listOutput('order', orderOutput))
    .query(({ ctx, input }) => orders.listOrders(ctx, input)),
  /** The admin top-up (permission checked in the domain) or, with `{order_type, quantity}`, a member's recharge. */
  systemRecharge: memberProcedure
    .input(systemRechargeInput)
    .output(systemRechargeOutput)
    .mutation(({ ctx, input }) => orders.systemRecharge(ctx, input)),
  wechatpayCert: permissionProcedure('ConfigAPI.GetWechatPayCert')
    .output(wechatPayCertOutput)
    .query(({ ctx }) => orders.wechatPayCertificate(ctx)),
});

/** Daily sign-in and rewarded-ad credits (spec §4). */
export const signRouter = router({
  today: memberProcedure.output(signOutput).query(({ ctx }) => orders.getSignToday(ctx)),
  sign: memberProcedure.output(signOutput).mutation(({ ctx }) => orders.signToday(ctx)),
  rewardedOpportunities: memberProcedure
    .output(rewardedOpportunitiesOutput)
    .query(({ ctx }) => orders.rewardedOpportunities(ctx)),
  rewardedCredit: memberProcedure.output(rewardedCreditOutput).mutation(({ ctx }) => orders.claimRewardedCredit(ctx)),
});

/** VIP records (moredoc-pro-facts §2.4, §5). */
export const vipRouter = router({
  settings: publicProcedure.output(vipSettingsOutput).query(({ ctx }) => orders.getVipSettings(ctx)),
  mine: memberProcedure
    .input(listInput.pick({ page: true, size: true }))
    .output(listOutput('user_vip', userVipOutput))
    .query(({ ctx, input }) => orders.listMyVips(ctx, input)),
  ofOrder: memberProcedure
    .input(orderNoInput)
    .output(vipOrderOutput)
    .query(({ ctx, input }) => orders.vipOfOrder(ctx, input.order_no)),
  list: permissionProcedure('UserVipAPI.ListUserVip')
    .input(userVipListInput)
    .output(listOutput('user_vip', userVipOutput))
    .query(({ ctx, input }) => orders.listVipRecords(ctx, input)),
});

/** Download codes (payment method 9), generated in the back office. */
export const downcodeRouter = router({
  create: permissionProcedure('OrderAPI.CreateDownloadCode')
    .input(createDownloadCodesInput)
    .output(z.object({ code: z.array(z.string()) }))
    .mutation(({ ctx, input }) => orders.createDownloadCodes(ctx, input)),
  list: permissionProcedure('OrderAPI.ListDownloadCode')
    .input(downloadCodeListInput)
    .output(listOutput('download_code', downloadCodeOutput))
    .query(({ ctx, input }) => orders.listDownloadCodes(ctx, input)),
  delete: permissionProcedure('OrderAPI.DeleteDownloadCode')
    .input(idsInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(orders.deleteDownloadCodes(ctx, input.id))),
});
