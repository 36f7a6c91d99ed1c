/**
 * Texts of sign-in and captchas (zh-CN, the spec's wording). Registration, password recovery, SMS codes and the
 * account forms are in account.ts, the SMS log in back-office.ts (issue 17).
 */
export default {
  login: {
    expired: '登录已过期，请重新登录',
    title: '用户登录',
    subtitle: '登录后可上传文档、发布文章与收藏',
    username: '用户名',
    usernamePlaceholder: '请输入用户名、邮箱或手机号',
    password: '密码',
    passwordPlaceholder: '请输入登录密码',
    submit: '立即登录',
    submitting: '登录中…',
    success: '登录成功',
    findPassword: '找回密码',
    noAccount: '还没有账号？',
    toRegister: '注册账户',
    closedTitle: '网站关闭',
    signedInAs: '当前登录账号：{{name}}',
  },
  captcha: {
    label: '验证码',
    placeholder: '请输入验证码',
    refresh: '看不清？点击图片换一张',
    loading: '验证码加载中',
    failed: '验证码加载失败，点击重试',
    placeholderAudio: '请输入听到的数字',
    listen: '听语音验证码（朗读数字）',
    toImage: '换回图片验证码',
    replay: '重听',
  },
};
