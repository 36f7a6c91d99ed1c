// The merchant side of the provider tests: the notify endpoint as the server wires it and the order a test pays.
import { afterAll, beforeAll } from 'vitest';
import {
  type ConfiguredPaymentProvider,
  type PaymentProviderName,
  paymentProviderFromSettings,
} from '../payment-providers.ts';
import type { NotifyAnswer, PaymentNotice, PaymentRequest, SettingsGetter } from '../types.ts';
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

/** What a provider's test file has of its stand-in and merchant: read after `beforeAll` has run. */
export interface MerchantFixture<G, C> {
  gw: G;
  cfg: C;
  notices: PaymentNotice[];
  refusals: string[];
  /** How many requests `request` has made; the last one's number. */
  seq: number;
  /** A new order (`order(seq)`) posted to this merchant's /callback/<provider>; `over` changes any field. */
  request(over?: Partial<PaymentRequest>): PaymentRequest;
}

/**
 * Starts a provider's stand-in and the merchant's notify endpoint before the file's tests and closes both after.
 * `config` reads the provider's own settings from the stand-in's rows; `refuse` as for `startMerchantReceiver`.
 */
export function merchantFixture<G extends { settings(): SettingsGetter; close(): Promise<void> }, C>(o: {
  provider: PaymentProviderName;
  start: () => Promise<G>;
  config: (get: SettingsGetter) => C | null;
  order: (seq: number) => Pick<PaymentRequest, 'orderNo' | 'description' | 'amountCents' | 'returnUrl'>;
  refuse?: (message: string) => NotifyAnswer;
}): MerchantFixture<G, C> {
  let receiver: Awaited<ReturnType<typeof startNotifyReceiver>> | undefined;
  const m = {
    notices: [],
    refusals: [],
    seq: 0,
    request(over: Partial<PaymentRequest> = {}) {
      m.seq += 1;
      return merchantRequest(`${receiver?.url}/callback/${o.provider}`, o.order(m.seq), over);
    },
  } as unknown as MerchantFixture<G, C>;
  beforeAll(async () => {
    m.gw = await o.start();
    m.cfg = o.config(m.gw.settings()) as C;
    const provider = paymentProviderFromSettings(o.provider, m.gw.settings());
    receiver = await startMerchantReceiver(provider!, m.notices, m.refusals, o.refuse);
  });
  afterAll(async () => {
    await receiver?.close();
    await (m.gw as G | undefined)?.close();
  });
  return m;
}
