/** Masks shown to people (docs/web.md, "Rules both apps share"). Pure, no I/O. */

/** Hides the first four digits of an account number: '12345678' → 'XXXX5678'. */
export function maskAccountNumber(accountNumber: string): string {
  const visible = accountNumber.slice(4);
  return 'X'.repeat(Math.min(4, accountNumber.length)) + visible;
}

/** Keeps the first two characters before the @ and replaces the rest of the local part by x. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 0) return email;
  const local = email.slice(0, at);
  return local.slice(0, 2) + 'x'.repeat(Math.max(0, local.length - 2)) + email.slice(at);
}
