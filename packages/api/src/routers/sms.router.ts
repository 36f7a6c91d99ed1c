import * as sms from '@wenku/domain/sms';
import {
  authOutput,
  emptyOutput,
  findPasswordMobileInput,
  idInput,
  listOutput,
  listSmsInput,
  loginMobileInput,
  registerMobileInput,
  sendSmsInput,
  sendSmsOutput,
  smsOutput,
} from '@wenku/shared';
import { done, loginPageProcedure, permissionProcedure, router } from '../trpc.ts';

/** SMS codes and the mobile forms of the login, register and find-password pages (moredoc-pro-facts §8). */
export const smsRouter = router({
  send: loginPageProcedure
    .input(sendSmsInput)
    .output(sendSmsOutput)
    .mutation(({ ctx, input }) => sms.sendSmsCode(ctx, input)),
  loginMobile: loginPageProcedure
    .input(loginMobileInput)
    .output(authOutput)
    .mutation(({ ctx, input }) => sms.loginByMobile(ctx, input)),
  registerMobile: loginPageProcedure
    .input(registerMobileInput)
    .output(authOutput)
    .mutation(({ ctx, input }) => sms.registerByMobile(ctx, input)),
  findPasswordMobile: loginPageProcedure
    .input(findPasswordMobileInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => done(sms.findPasswordByMobile(ctx, input))),
  list: permissionProcedure('SmsAPI.ListSms')
    .input(listSmsInput)
    .output(listOutput('sms', smsOutput))
    .query(({ ctx, input }) => sms.listSmsLogs(ctx, input)),
  get: permissionProcedure('SmsAPI.GetSms')
    .input(idInput)
    .output(smsOutput)
    .query(({ ctx, input }) => sms.getSmsLog(ctx, input.id)),
});
