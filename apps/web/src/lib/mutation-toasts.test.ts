import { TRPCClientError } from '@trpc/client';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadLanguage } from '@/i18n';
import { toastCallbacks } from './mutation-toasts';
import { loadReasons } from './reasons';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('@/components/layout/lazy-toaster', () => ({ toastLater: toast }));

const wireError = (wenku: Record<string, unknown>) =>
  new TRPCClientError('x', { result: { error: { data: { httpStatus: 409, wenku } } } } as never);

describe('toastCallbacks', () => {
  beforeAll(() => Promise.all([loadLanguage('zh-CN'), loadReasons('zh-CN')]));
  beforeEach(() => {
    toast.success.mockClear();
    toast.error.mockClear();
  });

  it('says it is done, then waits for the refresh before the mutation settles', async () => {
    const order: string[] = [];
    toast.success.mockImplementation(() => order.push('toast'));
    let finish = () => {};
    const refresh = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          order.push('refresh');
          finish = resolve;
        }),
    );
    let settled = false;
    const done = toastCallbacks({ success: '已删除', refresh })
      .onSuccess()
      .then(() => {
        settled = true;
      });
    await Promise.resolve();
    expect(order).toEqual(['toast', 'refresh']);
    expect(toast.success).toHaveBeenCalledWith('已删除');
    expect(settled).toBe(false);
    finish();
    await done;
    expect(settled).toBe(true);
  });

  it('words a refusal by its reason, else the server’s message, else the given default', () => {
    const { onError } = toastCallbacks({ success: '已关闭', failed: '关闭订单失败' });
    onError(wireError({ code: 'CONFLICT', message: '服务器的原话' }));
    expect(toast.error).toHaveBeenLastCalledWith('服务器的原话');
    onError(
      new TRPCClientError('x', { result: { error: { data: { httpStatus: 500, wenku: { message: '' } } } } } as never),
    );
    expect(toast.error).toHaveBeenLastCalledWith('关闭订单失败');
    onError(
      wireError({ code: 'FORBIDDEN', message: 'm', reason: 'auth.permission_denied', params: { title: '上传文档' } }),
    );
    expect(toast.error.mock.lastCall?.[0]).toContain('上传文档');
    expect(toast.success).not.toHaveBeenCalled();
  });
});
