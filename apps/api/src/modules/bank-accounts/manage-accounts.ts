import type { FastifyBaseLogger } from 'fastify';
import { bankMessages, formatSortCode, type BankAccount } from '@careslot/contracts/bank-accounts';
import type { z } from 'zod';
import type { bankAccountInputSchema, bankAccountPatchSchema } from '@careslot/contracts/bank-accounts';
import { maskAccountNumber } from '@careslot/contracts/masks';
import { payoutMessages } from '@careslot/contracts/payouts';
import type { Db } from '../../db/client';
import type { DataCipher } from '../../lib/data-encryption';
import { ConflictError, NotFoundError } from '../../lib/errors';
import {
  deleteAccount,
  demotePrimary,
  hasPayoutInTransit,
  primaryAccount,
  accountOf,
  insertAccount,
  isDuplicateAccount,
  listAccounts,
  lockProviderAccounts,
  updateAccount,
  type BankAccountRow,
} from './bank-accounts.repository';
import type { PayoutDestination } from '../payouts/payouts.types';
import { checkedBankDetails } from './bank-checks';

/** What the bank account operations need, built once by the routes. */
export interface BankDeps {
  db: Db;
  cipher: DataCipher;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export interface OwnProvider {
  id: string;
  region: string;
}

/** The encrypted number is bound to its provider: a ciphertext copied to another provider's row does not decrypt. */
const context = (providerId: string) => `bank_account:${providerId}`;

/** An account as every answer shows it: the number masked (first four digits hidden), never the number itself. */
function toDto(deps: BankDeps, region: string, row: BankAccountRow): BankAccount {
  let masked: string;
  try {
    masked = maskAccountNumber(deps.cipher.decrypt(row.account_number_encrypted, context(row.provider_id)));
  } catch {
    // Another key than the one that encrypted it (a misconfiguration): say so in the log, never show a number.
    deps.log.error({ bankAccountId: row.id }, 'a bank account number could not be decrypted with DATA_ENCRYPTION_KEY');
    masked = 'XXXX';
  }
  return {
    _id: row.id,
    account_number: masked,
    name: row.name,
    is_primary: row.is_primary,
    label: row.is_primary ? 'Primary' : 'Secondary',
    sort_code: region === 'usa' ? null : formatSortCode(row.bank_code),
    routing_number: region === 'usa' ? row.bank_code : null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listBankAccounts(deps: BankDeps, provider: OwnProvider): Promise<BankAccount[]> {
  return (await listAccounts(deps.db, provider.id)).map((row) => toDto(deps, provider.region, row));
}

/** Runs a change under the provider's account lock; a number saved twice answers 409. */
async function inAccountLock<T>(
  deps: BankDeps,
  providerId: string,
  fn: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], rows: BankAccountRow[]) => Promise<T>,
) {
  try {
    return await deps.db.transaction(async (tx) => fn(tx, await lockProviderAccounts(tx, providerId)));
  } catch (err) {
    if (isDuplicateAccount(err)) throw new ConflictError(bankMessages.duplicate);
    throw err;
  }
}

/** A new account; the first is primary, and choosing primary demotes the old one in the same transaction. */
export async function addBankAccount(
  deps: BankDeps,
  provider: OwnProvider,
  input: z.output<typeof bankAccountInputSchema>,
): Promise<BankAccount> {
  const details = checkedBankDetails(provider.region, input);
  const row = await inAccountLock(deps, provider.id, async (tx, rows) => {
    const fingerprint = deps.cipher.fingerprint(details.bankCode, details.accountNumber);
    if (rows.some((r) => r.fingerprint === fingerprint)) throw new ConflictError(bankMessages.duplicate);
    const primary = rows.length === 0 || input.is_primary === true;
    if (primary) await demotePrimary(tx, provider.id);
    return insertAccount(tx, {
      provider_id: provider.id,
      name: details.name,
      account_number_encrypted: deps.cipher.encrypt(details.accountNumber, context(provider.id)),
      fingerprint,
      bank_code: details.bankCode,
      is_primary: primary,
    });
  });
  return toDto(deps, provider.region, row);
}

/** Edits an account: name, number and bank code (checked again together), or makes it the primary. */
export async function changeBankAccount(
  deps: BankDeps,
  provider: OwnProvider,
  patch: z.output<typeof bankAccountPatchSchema>,
): Promise<BankAccount> {
  const row = await inAccountLock(deps, provider.id, async (tx, rows) => {
    const current = rows.find((r) => r.id === patch.unique_id);
    if (!current) throw new NotFoundError(bankMessages.notFound);
    if (patch.is_primary === false && current.is_primary) throw new ConflictError(bankMessages.keepOnePrimary);
    const changesNumber = patch.account_number !== undefined || patch.sort_code !== undefined || patch.routing_number !== undefined;
    const values: Parameters<typeof updateAccount>[2] = {};
    if (patch.name !== undefined || changesNumber) {
      const number = patch.account_number ?? deps.cipher.decrypt(current.account_number_encrypted, context(provider.id));
      const code = provider.region === 'usa' ? (patch.routing_number ?? current.bank_code) : (patch.sort_code ?? current.bank_code);
      const details = checkedBankDetails(provider.region, {
        name: patch.name ?? current.name,
        account_number: number,
        ...(provider.region === 'usa' ? { routing_number: code } : { sort_code: code }),
      });
      values.name = details.name;
      if (changesNumber) {
        const fingerprint = deps.cipher.fingerprint(details.bankCode, details.accountNumber);
        if (rows.some((r) => r.id !== current.id && r.fingerprint === fingerprint)) throw new ConflictError(bankMessages.duplicate);
        Object.assign(values, {
          account_number_encrypted: deps.cipher.encrypt(details.accountNumber, context(provider.id)),
          fingerprint,
          bank_code: details.bankCode,
        });
      }
    }
    if (patch.is_primary === true && !current.is_primary) {
      await demotePrimary(tx, provider.id, current.id);
      values.is_primary = true;
    }
    return Object.keys(values).length ? updateAccount(tx, current.id, values) : current;
  });
  return toDto(deps, provider.region, row);
}

/**
 * Deletes an account. The sole account cannot go (the product's own words answer 409); deleting the primary while
 * others exist makes the oldest other one primary, in the same transaction.
 */
export async function deleteBankAccount(deps: BankDeps, providerId: string, accountId: string): Promise<void> {
  await inAccountLock(deps, providerId, async (tx, rows) => {
    const target = rows.find((r) => r.id === accountId);
    if (!target) throw new NotFoundError(bankMessages.notFound);
    if (rows.length === 1) throw new ConflictError(bankMessages.soleAccount);
    if (await hasPayoutInTransit(tx, target.id)) throw new ConflictError(payoutMessages.accountInTransit);
    await deleteAccount(tx, target.id);
    if (target.is_primary) {
      const oldest = rows.filter((r) => r.id !== target.id).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0]!;
      await updateAccount(tx, oldest.id, { is_primary: true });
    }
  });
}

/**
 * Where a payout to this provider goes: their primary account (or the given account of theirs), with the number decrypted for the payout rail only
 * (never returned by a call or logged). Null when they have no account, or its number cannot be read with this key.
 */
export async function payoutDestination(
  deps: BankDeps,
  providerId: string,
  region: string,
  accountId?: string,
): Promise<PayoutDestination | null> {
  const row = accountId ? await accountOf(deps.db, providerId, accountId) : await primaryAccount(deps.db, providerId);
  if (!row) return null;
  let accountNumber: string;
  try {
    accountNumber = deps.cipher.decrypt(row.account_number_encrypted, context(row.provider_id));
  } catch {
    deps.log.error({ bankAccountId: row.id }, 'a bank account number could not be decrypted with DATA_ENCRYPTION_KEY');
    return null;
  }
  const code = region === 'usa' ? row.bank_code : formatSortCode(row.bank_code);
  return { bankAccountId: row.id, masked: `${maskAccountNumber(accountNumber)} (${code})`, accountNumber, bankCode: row.bank_code };
}
