/** What other modules and the payout rails share (docs/payouts.md). */

/** Where a payout goes: the provider's primary bank account, with its number only for the rail's eyes. */
export interface PayoutDestination {
  bankAccountId: string;
  /** As the bank accounts screen shows it, e.g. 'XXXX5678 (08-99-99)'. */
  masked: string;
  accountNumber: string;
  bankCode: string;
}

export interface RailPayout {
  railPayoutId: string;
  /** YYYY-MM-DD the money is expected in the account. */
  arrivalDate: string;
}

export type RailPayoutState = { status: 'in_transit' } | { status: 'paid' } | { status: 'failed'; reason: string };

/**
 * A way of sending money to a provider's bank account. `send` is idempotent by key: asking again with the same key
 * answers the payout already made (that is how a crash between the rail's answer and our commit is resolved).
 */
export interface PayoutRail {
  readonly name: string;
  send(payout: {
    idempotencyKey: string;
    amountMinor: number;
    currency: string;
    destination: PayoutDestination;
    now: Date;
  }): Promise<RailPayout>;
  state(railPayoutId: string, now: Date): Promise<RailPayoutState>;
}
