import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';

interface Props {
  clientId: string;
  currency: string;
  disabled: boolean;
  createOrder(): Promise<string>;
  onApproved(orderId: string): void;
  onCancelled(): void;
  onError(): void;
}

/** PayPal's own buttons (when PAYPAL_CLIENT_ID is set). The order is created by our server with its amount. */
export default function PaypalWalletButtons({ clientId, currency, disabled, createOrder, onApproved, onCancelled, onError }: Props) {
  return (
    <PayPalScriptProvider options={{ clientId, currency, intent: 'capture' }}>
      <PayPalButtons
        style={{ layout: 'horizontal', label: 'pay', tagline: false }}
        disabled={disabled}
        fundingSource="paypal"
        createOrder={() => createOrder()}
        onApprove={async (data) => onApproved(data.orderID)}
        onCancel={() => onCancelled()}
        onError={() => onError()}
      />
    </PayPalScriptProvider>
  );
}
