import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMemo } from 'react';

const cache = new Map<string, Promise<Stripe | null>>();

/** Stripe Embedded Checkout for a session the server created (loaded only when Stripe is configured). */
export default function StripeEmbeddedCheckout(props: { publishableKey: string; clientSecret: string; onComplete(): void }) {
  const { publishableKey, clientSecret, onComplete } = props;
  const stripe = useMemo(() => {
    if (!cache.has(publishableKey)) cache.set(publishableKey, loadStripe(publishableKey));
    return cache.get(publishableKey)!;
  }, [publishableKey]);
  return (
    <EmbeddedCheckoutProvider stripe={stripe} options={{ clientSecret, onComplete }}>
      <EmbeddedCheckout />
    </EmbeddedCheckoutProvider>
  );
}
