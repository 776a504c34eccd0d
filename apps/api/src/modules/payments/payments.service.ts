import { AppError } from '../../lib/errors';
import { GatewayError } from './gateway';

/**
 * What other modules use of payments besides the port (payments.types.ts): the error a payment step answers when a
 * gateway lets it down.
 */

const UNREACHABLE = 'We could not reach the payment service. Please try again.';

/** A gateway failed us: 502 with words a patient understands. */
export class PaymentGatewayError extends AppError {
  constructor(message = UNREACHABLE) {
    super(502, message, 'PAYMENT_GATEWAY');
  }
}

/** A refusal the gateway explained (4xx: a declined card…) keeps its words; anything else is "could not reach". */
export function paymentGatewayError(err: unknown): PaymentGatewayError {
  return new PaymentGatewayError(err instanceof GatewayError && err.statusCode < 500 ? err.message : UNREACHABLE);
}
