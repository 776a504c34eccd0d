import {
  fromDecimal,
  GatewayError,
  toDecimal,
  type RefundInput,
  type WalletGateway,
  type WalletOrderInput,
  type WalletOrderState,
  type WalletOrderStatus,
} from './gateway';
import type { GatewayEvent } from './payments.types';

export interface PaypalOptions {
  clientId: string;
  clientSecret: string;
  webhookId?: string;
  /** PAYPAL_API_URL: https://api-m.paypal.com, the sandbox, or a local fake in tests. */
  apiUrl: string;
  fetch?: typeof fetch;
}

interface PaypalOrder {
  id: string;
  status: string;
  payer?: { email_address?: string };
  purchase_units?: {
    amount?: { currency_code: string; value: string };
    payments?: { captures?: { id: string; status: string; amount?: { currency_code: string; value: string } }[] };
  }[];
}

function orderStatus(status: string): WalletOrderStatus {
  switch (status) {
    case 'CREATED':
    case 'SAVED':
    case 'PAYER_ACTION_REQUIRED':
      return 'CREATED';
    case 'APPROVED':
      return 'APPROVED';
    case 'COMPLETED':
      return 'COMPLETED';
    case 'VOIDED':
      return 'CANCELLED';
    default:
      return 'PENDING';
  }
}

function toState(o: PaypalOrder): WalletOrderState {
  const unit = o.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const amount = capture?.amount ?? unit?.amount;
  let status = orderStatus(o.status);
  if (capture && capture.status === 'DECLINED') status = 'DECLINED';
  if (capture && capture.status === 'PENDING') status = 'PENDING';
  return {
    id: o.id,
    status,
    amountMinor: amount ? fromDecimal(amount.value) : 0,
    currency: amount?.currency_code ?? '',
    captureId: capture?.id ?? null,
    payerEmail: o.payer?.email_address ?? null,
  };
}

/**
 * A thin PayPal Orders v2 client. The PayPal server SDK has fixed base URLs; this one takes
 * PAYPAL_API_URL so it can run against the live API, PayPal's sandbox or a local fake.
 */
export class PaypalGateway implements WalletGateway {
  readonly name = 'paypal' as const;
  private token: { value: string; expiresAt: number } | null = null;
  private readonly fetch: typeof fetch;

  constructor(private readonly opts: PaypalOptions) {
    this.fetch = opts.fetch ?? fetch;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const res = await this.fetch(`${this.opts.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${this.opts.clientId}:${this.opts.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }).catch(() => null);
    if (!res || !res.ok) throw new GatewayError('The wallet payment service refused our credentials.', 502);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    this.token = { value: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return body.access_token;
  }

  private async call<T>(method: string, path: string, body?: unknown, requestId?: string): Promise<T> {
    const token = await this.accessToken();
    const res = await this.fetch(`${this.opts.apiUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
        ...(requestId ? { 'PayPal-Request-Id': requestId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => null);
    if (!res) throw new GatewayError('The wallet payment service is unreachable. Please try again.', 502);
    const text = await res.text();
    const data = text ? (JSON.parse(text) as T & { message?: string; name?: string }) : ({} as T & { message?: string; name?: string });
    if (!res.ok) {
      const status = res.status === 404 ? 404 : res.status === 422 ? 422 : 502;
      throw new GatewayError(data.message ?? `PayPal answered ${res.status}.`, status);
    }
    return data;
  }

  async createOrder(input: WalletOrderInput) {
    const order = await this.call<PaypalOrder>(
      'POST',
      '/v2/checkout/orders',
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            custom_id: input.customId,
            description: input.description.slice(0, 127),
            amount: { currency_code: input.currency, value: toDecimal(input.amountMinor) },
          },
        ],
      },
      input.idempotencyKey,
    );
    return { id: order.id };
  }

  async getOrder(id: string) {
    return toState(await this.call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`));
  }

  async captureOrder(id: string, idempotencyKey: string) {
    return toState(await this.call<PaypalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {}, idempotencyKey));
  }

  async refund(input: RefundInput) {
    if (!input.captureId) throw new GatewayError('No capture to refund.', 409);
    const refund = await this.call<{ id: string }>(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`,
      { amount: { value: toDecimal(input.amountMinor), currency_code: input.currency } },
      input.idempotencyKey,
    );
    return { refundId: refund.id };
  }

  /** Asks PayPal to verify the transmission signature (the documented way); throws unless SUCCESS. */
  async verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): Promise<GatewayEvent> {
    if (!this.opts.webhookId) throw new GatewayError('PayPal webhooks are not configured.', 503);
    const h = (name: string) => {
      const v = headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    let event: { id: string; event_type: string; resource?: { id?: string; supplementary_data?: { related_ids?: { order_id?: string } } } };
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new GatewayError('Invalid webhook body.', 400);
    }
    const required = [
      'paypal-auth-algo',
      'paypal-cert-url',
      'paypal-transmission-id',
      'paypal-transmission-sig',
      'paypal-transmission-time',
    ];
    if (required.some((name) => !h(name))) throw new GatewayError('Missing PayPal signature headers.', 400);
    const result = await this.call<{ verification_status: string }>('POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: h('paypal-auth-algo'),
      cert_url: h('paypal-cert-url'),
      transmission_id: h('paypal-transmission-id'),
      transmission_sig: h('paypal-transmission-sig'),
      transmission_time: h('paypal-transmission-time'),
      webhook_id: this.opts.webhookId,
      webhook_event: event,
    });
    if (result.verification_status !== 'SUCCESS') throw new GatewayError('Invalid PayPal signature.', 400);
    if (event.event_type === 'CHECKOUT.ORDER.APPROVED') {
      return { gateway: 'paypal', eventId: event.id, type: 'order.approved', externalId: event.resource?.id ?? null };
    }
    if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED') {
      return {
        gateway: 'paypal',
        eventId: event.id,
        type: 'capture.completed',
        externalId: event.resource?.supplementary_data?.related_ids?.order_id ?? null,
      };
    }
    return { gateway: 'paypal', eventId: event.id, type: 'other', externalId: null };
  }
}
