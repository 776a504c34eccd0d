import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { CardGateway, WalletGateway } from './gateway';
import { PaypalGateway } from './paypal.gateway';
import { SandboxGateway } from './sandbox.gateway';
import { StripeGateway } from './stripe.gateway';

export interface PaymentGateways {
  /** Card payments (value stripe): the Stripe adapter when its keys are set, else the sandbox. */
  card: CardGateway;
  /** Wallet payments (value paypal): the PayPal adapter when its credentials are set, else the sandbox. */
  wallet: WalletGateway;
  sandbox: SandboxGateway;
  stripe: StripeGateway | null;
  paypal: PaypalGateway | null;
  cardByName(name: string): CardGateway;
  walletByName(name: string): WalletGateway;
}

export function createPaymentGateways(config: Config, db: Db): PaymentGateways {
  const sandbox = new SandboxGateway(db);
  const stripe =
    config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY
      ? new StripeGateway({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          apiUrl: config.STRIPE_API_URL,
        })
      : null;
  const paypal =
    config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
      ? new PaypalGateway({
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET,
          webhookId: config.PAYPAL_WEBHOOK_ID,
          apiUrl: config.PAYPAL_API_URL,
        })
      : null;
  if ((!stripe || !paypal) && !config.sandboxPayments) {
    throw new Error(
      'Card payments need STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, wallet payments PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET; or set SANDBOX_PAYMENTS=true.',
    );
  }
  return {
    card: stripe ?? sandbox,
    wallet: paypal ?? sandbox,
    sandbox,
    stripe,
    paypal,
    cardByName(name) {
      if (name === 'stripe' && stripe) return stripe;
      if (name === 'sandbox') return sandbox;
      throw new Error(`card gateway ${name} is not configured`);
    },
    walletByName(name) {
      if (name === 'paypal' && paypal) return paypal;
      if (name === 'sandbox') return sandbox;
      throw new Error(`wallet gateway ${name} is not configured`);
    },
  };
}
