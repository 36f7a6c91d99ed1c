/**
 * Texts of credits: check-in, top-up and VIP badges (zh-CN, moredoc Pro's wording: moredoc-pro-facts §2.1–2.5, §4–§6).
 * Orders, payments and the VIP pages are in account.ts (issue 17).
 */
export default {
  sign: {
    button: '每日签到',
    short: '签到',
    signed: '今日已签到',
    success: '签到成功，获得 {{award}} {{name}}',
    failed: '签到失败',
  },
  recharge: {
    problem: {
      integer: '充值数量必须是大于0的整数',
      min: '充值数量不能少于 {{limit}} {{name}}',
      max: '单次充值不能超过 {{limit}} {{name}}',
      step: '充值数量必须是 {{limit}} 的整数倍',
    },
    title: '积分充值',
    menu: '积分充值',
    short: '充值',
    presets: '充值金额',
    custom: '自定义',
    customLabel: '自定义充值数量',
    customPlaceholder: '充值数量',
    yuan: '{{price}} 元',
    original: '原价 {{price}} 元',
    noDiscount: '无折扣',
    badge: '{{label}}',
    selected: '已选择',
    noExchange: '暂未配置兑换比例，无法充值',
    pay: '应付：',
    submit: '立即充值',
    failed: '订单创建失败',
    loadFailed: '获取充值配置失败',
  },
  avatar: {
    vip: 'VIP会员',
  },
};
