/** Default messages of spec §8, shown when the server gives none. */
export default {
  generic: '操作失败，请稍后再试',
  network: '网络错误，请检查网络连接',
  timeout: '请求超时，请稍后再试',
  login: '登录失败',
  register: '注册失败',
  bind: '绑定失败',
  profile: '修改失败',
  permissions: '获取权限失败',
  settings: '查询系统设置失败',
  order: '订单创建失败',
};
