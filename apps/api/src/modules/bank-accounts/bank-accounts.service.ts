/** What other modules may use of bank accounts: how many a provider has (the dashboard's empty state). */
export { countAccounts as countBankAccounts } from './bank-accounts.repository';
