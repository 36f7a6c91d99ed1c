import * as auth from '@wenku/domain/auth';
import * as groups from '@wenku/domain/groups';
import * as oauth from '@wenku/domain/oauth';
import * as users from '@wenku/domain/users';
import {
  authOutput,
  captchaInput,
  captchaOutput,
  createUserInput,
  deleteUserInput,
  emptyOutput,
  findPasswordStepOneInput,
  findPasswordStepTwoInput,
  getUserInput,
  getUserOutput,
  listGroupsOutput,
  listUsersInput,
  listUsersOutput,
  loginInput,
  myPermissionsOutput,
  passwordInput,
  passwordOutput,
  profileInput,
  registerInput,
  sendEmailCodeInput,
  setUserInput,
  userOauthDeleteInput,
  userOauthListOutput,
  userOutput,
} from '@wenku/shared';
import { loginPageProcedure, memberProcedure, permissionProcedure, publicProcedure, router } from '../trpc.ts';

export const userRouter = router({
  register: loginPageProcedure
    .input(registerInput)
    .output(authOutput)
    .mutation(({ ctx, input }) => users.register(ctx, input)),
  login: loginPageProcedure
    .input(loginInput)
    .output(authOutput)
    .mutation(({ ctx, input }) => users.login(ctx, input)),
  logout: loginPageProcedure.output(emptyOutput).mutation(async ({ ctx }) => {
    await users.logout(ctx);
    return {};
  }),
  /** Mails a find-password link; the same answer whether or not the address is registered. */
  findPasswordStepOne: loginPageProcedure
    .input(findPasswordStepOneInput)
    .output(emptyOutput)
    .mutation(async ({ ctx, input }) => {
      await auth.findPasswordStepOne(ctx, input);
      return {};
    }),
  findPasswordStepTwo: loginPageProcedure
    .input(findPasswordStepTwoInput)
    .output(emptyOutput)
    .mutation(async ({ ctx, input }) => {
      await auth.findPasswordStepTwo(ctx, input);
      return {};
    }),
  /** Mails a registration code. */
  sendEmailCode: loginPageProcedure
    .meta({ accessNote: '注册验证码公开；type 为 bind（绑定邮箱）时需要登录' })
    .input(sendEmailCodeInput)
    .output(emptyOutput)
    .mutation(async ({ ctx, input }) => {
      await auth.sendEmailCode(ctx, input);
      return {};
    }),
  captcha: loginPageProcedure
    .input(captchaInput)
    .output(captchaOutput)
    .query(({ ctx, input }) => auth.createCaptcha(ctx, input.type, input.audio)),
  /** The caller (id 0) or another member, public fields unless allowed to see more. */
  get: loginPageProcedure
    .meta({ accessNote: '他人的公开资料公开；id 为 0（当前用户）时需要登录，令牌无效时答 401' })
    .input(getUserInput)
    .output(getUserOutput)
    .query(({ ctx, input }) => users.getUser(ctx, input.id)),
  updateProfile: memberProcedure
    .input(profileInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => users.updateProfile(ctx, input)),
  updatePassword: memberProcedure
    .input(passwordInput)
    .output(passwordOutput)
    .mutation(({ ctx, input }) => users.changePassword(ctx, input)),
  permissions: loginPageProcedure.output(myPermissionsOutput).query(({ ctx }) => groups.myPermissions(ctx)),
  groups: loginPageProcedure.output(listGroupsOutput).query(async ({ ctx }) => {
    const { group } = await groups.myGroups(ctx);
    return { total: group.length, group };
  }),
  list: publicProcedure
    .input(listUsersInput)
    .output(listUsersOutput)
    .query(({ ctx, input }) => users.listUsers(ctx, input)),
  create: permissionProcedure('UserAPI.AddUser')
    .input(createUserInput)
    .output(userOutput)
    .mutation(({ ctx, input }) => users.createUser(ctx, input)),
  set: permissionProcedure('UserAPI.SetUser')
    .input(setUserInput)
    .output(getUserOutput)
    .mutation(({ ctx, input }) => users.setUser(ctx, { ...input, password: input.password || undefined })),
  delete: permissionProcedure('UserAPI.DeleteUser')
    .input(deleteUserInput)
    .output(emptyOutput)
    .mutation(async ({ ctx, input }) => {
      await users.deleteUsers(ctx, input);
      return {};
    }),
  oauthList: memberProcedure.output(userOauthListOutput).query(({ ctx }) => oauth.listUserOauth(ctx)),
  oauthDelete: memberProcedure
    .input(userOauthDeleteInput)
    .output(emptyOutput)
    .mutation(({ ctx, input }) => oauth.deleteUserOauth(ctx, input.id)),
});
