import * as oauth from '@wenku/domain/oauth';
import {
  emptyOutput,
  oauthBindInput,
  oauthConfigsOutput,
  oauthLoginInput,
  oauthLoginOutput,
  scanCodeOutput,
  scanStatusInput,
  scanStatusOutput,
  wechatmpLoginInput,
  wechatmpScanLoginInput,
  wxShareInput,
  wxShareOutput,
} from '@wenku/shared';
import { loginPageProcedure, memberProcedure, publicProcedure, router } from '../trpc.ts';

/**
 * Third-party login (moredoc-pro-facts §7). Everything here is reachable from the login pages, also on a closed
 * site; binding needs a signed-in caller (checked in the domain, so a member of a closed site can still bind).
 */
export const oauthRouter = router({
  configs: loginPageProcedure.output(oauthConfigsOutput).query(({ ctx }) => oauth.oauthConfigs(ctx)),
  login: loginPageProcedure
    .input(oauthLoginInput)
    .output(oauthLoginOutput)
    .mutation(({ ctx, input }) =>
      oauth.oauthLogin(ctx, input, oauth.decodePendingAuthorization(ctx.cookies?.[oauth.OAUTH_COOKIE])),
    ),
  // The binding page of a member just signed in: open on a closed site, but only to that member.
  bind: memberProcedure
    .meta({ loginPage: true })
    .input(oauthBindInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => oauth.oauthBind(ctx, input)),
  wxShareSignature: publicProcedure
    .input(wxShareInput)
    .output(wxShareOutput)
    .query(({ ctx, input }) => oauth.wxShareSignature(ctx, input.url)),
  scanCode: loginPageProcedure.output(scanCodeOutput).query(({ ctx }) => oauth.scanCode(ctx)),
  scanStatus: loginPageProcedure
    .input(scanStatusInput)
    .output(scanStatusOutput)
    .mutation(({ ctx, input }) => oauth.scanLoginStatus(ctx, input)),
  wechatmpLogin: loginPageProcedure
    .input(wechatmpLoginInput)
    .output(oauthLoginOutput)
    .mutation(({ ctx, input }) => oauth.wechatmpLogin(ctx, input)),
  wechatmpScanLogin: loginPageProcedure
    .input(wechatmpScanLoginInput)
    .output(oauthLoginOutput)
    .mutation(({ ctx, input }) => oauth.wechatmpScanLogin(ctx, input)),
});
