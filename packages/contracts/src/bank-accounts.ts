import { z } from 'zod';
import { blankable } from './blankable';
import { searchRegionSchema } from './search';

/**
 * A provider's payout accounts (docs/provider-workspace.md, "Bank accounts"): the form's rules per region, the
 * messages, and the wire shapes. Full numbers travel only towards the server; answers carry the masked number.
 */

export const bankMessages = {
  soleAccount: 'You cannot delete this primary account, as there is no secondary accounts',
  deleteQuestion: 'delete this bank account ?',
  name: "Enter the account holder's name.",
  sortCode: 'Enter the 6-digit sort code, like 12-34-56.',
  ukAccountNumber: 'Enter the 8-digit account number.',
  modulus: 'This sort code and account number do not belong together. Please check both.',
  routingNumber: 'Enter the 9-digit routing number.',
  routingChecksum: 'That routing number is not valid. Please check the 9 digits.',
  usAccountNumber: 'Enter the account number: 4 to 17 digits.',
  duplicate: 'This account is already saved.',
  keepOnePrimary: 'One account is always primary: make another account primary instead.',
  notFound: 'That bank account does not exist.',
} as const;

/** Digits only: people type sort codes as 12-34-56 and numbers with spaces. */
export const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function isValidRoutingNumber(value: string): boolean {
  const d = digitsOf(value);
  if (!/^\d{9}$/.test(d)) return false;
  const n = [...d].map(Number);
  const sum = 3 * (n[0]! + n[3]! + n[6]!) + 7 * (n[1]! + n[4]! + n[7]!) + (n[2]! + n[5]! + n[8]!);
  return sum % 10 === 0;
}

/** '123456' → '12-34-56'. */
export function formatSortCode(value: string): string {
  const d = digitsOf(value);
  return d.length === 6 ? `${d.slice(0, 2)}-${d.slice(2, 4)}-${d.slice(4)}` : value;
}

export interface BankFields {
  name?: string;
  account_number?: string;
  sort_code?: string;
  routing_number?: string;
}

/**
 * The per-field messages of the bank details form for a region (the format and checksum rules; the UK modulus check
 * needs the bank tables and is made by the server). `partial`: only the fields given are checked (an edit).
 */
export function bankFieldErrors(region: string, f: BankFields, partial = false): Record<string, string> {
  const errors: Record<string, string> = {};
  const given = (v: string | undefined) => v !== undefined && v.trim() !== '';
  const check = (v: string | undefined) => !partial || given(v);
  if (check(f.name) && (!f.name || f.name.trim().length < 2 || f.name.trim().length > 100)) errors.name = bankMessages.name;
  if (region === 'usa') {
    if (check(f.routing_number)) {
      const d = digitsOf(f.routing_number ?? '');
      if (!/^\d{9}$/.test(d)) errors.routing_number = bankMessages.routingNumber;
      else if (!isValidRoutingNumber(d)) errors.routing_number = bankMessages.routingChecksum;
    }
    if (check(f.account_number) && !/^\d{4,17}$/.test(digitsOf(f.account_number ?? '')))
      errors.account_number = bankMessages.usAccountNumber;
  } else {
    if (check(f.sort_code) && !/^\d{6}$/.test(digitsOf(f.sort_code ?? ''))) errors.sort_code = bankMessages.sortCode;
    if (check(f.account_number) && !/^\d{8}$/.test(digitsOf(f.account_number ?? ''))) errors.account_number = bankMessages.ukAccountNumber;
  }
  return errors;
}

const text = (max: number) => z.string({ error: 'Please fill this in.' }).max(max, `Keep this under ${max} characters.`);

export const bankAccountInputSchema = z.object({
  providerRegion: searchRegionSchema,
  name: text(100),
  account_number: text(40),
  /** UK. */
  sort_code: blankable(text(20)),
  /** USA. */
  routing_number: blankable(text(20)),
  is_primary: blankable(z.boolean({ error: 'is_primary is true or false.' })),
});
export type BankAccountInput = z.input<typeof bankAccountInputSchema>;

export const bankAccountPatchSchema = z.object({
  providerRegion: searchRegionSchema,
  /** The account's _id. */
  unique_id: z.uuid({ error: 'That bank account id is not valid.' }),
  name: blankable(text(100)),
  /** Leave out to keep the saved number. */
  account_number: blankable(text(40)),
  sort_code: blankable(text(20)),
  routing_number: blankable(text(20)),
  is_primary: blankable(z.boolean({ error: 'is_primary is true or false.' })),
});
export type BankAccountPatch = z.input<typeof bankAccountPatchSchema>;

export const bankAccountDeleteSchema = z.object({ unique_id: z.uuid({ error: 'That bank account id is not valid.' }) });

export const bankAccountSchema = z.object({
  _id: z.string(),
  /** Masked: the first four digits hidden ('XXXX5678'). */
  account_number: z.string(),
  name: z.string(),
  is_primary: z.boolean(),
  label: z.enum(['Primary', 'Secondary']),
  /** Sort code as 12-34-56 (uk) or routing number (usa): bank identifiers, not secret. */
  sort_code: z.string().nullable(),
  routing_number: z.string().nullable(),
  created_at: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankAccountsResponseSchema = z.object({ Bank_details: z.array(bankAccountSchema) });
export type BankAccountsResponse = z.infer<typeof bankAccountsResponseSchema>;
export const bankAccountSavedSchema = z.object({ status: z.literal(true), data: bankAccountSchema });
export const bankAccountDeletedSchema = z.object({ data: z.object({ status: z.literal(true) }) });
