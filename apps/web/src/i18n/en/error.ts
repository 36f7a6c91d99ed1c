import type zh from '../zh-CN/error';

export default {
  generic: 'Something went wrong, please try again later',
  network: 'Network error, please check your connection',
  timeout: 'The request timed out, please try again later',
  login: 'Sign-in failed',
  register: 'Registration failed',
  bind: 'Binding failed',
  profile: 'Update failed',
  permissions: 'Could not load permissions',
  settings: 'Could not load the site settings',
  order: 'Could not create the order',
} satisfies typeof zh;
