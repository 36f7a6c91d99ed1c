// The merchant side of the provider tests: the notify endpoint as the server wires it and the order a test pays.
import type { ConfiguredPaymentProvider } from '../payment-providers.ts';
import type { NotifyAnswer, PaymentNotice, PaymentRequest } from '../types.ts';
import { startNotifyReceiver } from './stand-in-http.ts';

/**
 * The merchant's /callback/<provider> as the server wires it: registry → verify → exact answer. Accepted notices go
 * to `notices`, refusal messages to `refusals`; `refuse` answers a refused one (the provider's own failure answer).
 */
export function startMerchantReceiver(
  provider: ConfiguredPaymentProvider,
  notices: PaymentNotice[],
  refusals: string[],
  refuse: (message: string) => NotifyAnswer = () => provider.notifyAnswer(false),
) {
  return startNotifyReceiver((input) => {
    try {
      notices.push(provider.verifyNotification(input));
      return provider.notifyAnswer(true);
    } catch (err) {
      refusals.push((err as Error).message);
      return refuse((err as Error).message);
    }
  });
}

/** A desktop payer's request at a documentation address; `order` names the order, `over` changes any field. */
export function merchantRequest(
  notifyUrl: string,
  order: Pick<PaymentRequest, 'orderNo' | 'description' | 'amountCents' | 'returnUrl'>,
  over: Partial<PaymentRequest>,
): PaymentRequest {
  return { ...order, notifyUrl, clientIp: '203.0.113.7', scene: 'desktop', ...over };
}
