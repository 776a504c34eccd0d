/** Money and region helpers shared by the API and the web app (docs/web.md, "Rules both apps share"). Pure, no I/O. */

export const REGIONS = ['uk', 'usa'] as const;
export type Region = (typeof REGIONS)[number];
export const DEFAULT_REGION: Region = 'uk';

export function isRegion(value: unknown): value is Region {
  return value === 'uk' || value === 'usa';
}

/** Wallet and card currency: GBP for uk, otherwise USD. */
export function currencyForRegion(region: string): 'GBP' | 'USD' {
  return region === 'uk' ? 'GBP' : 'USD';
}

/** Currency symbol by a doctor's region: usa $, uk £, india and any other ₹. */
export function currencySymbol(region: string | null | undefined): string {
  if (region === 'usa') return '$';
  if (region === 'uk') return '£';
  return '₹';
}

/** Minor units → '45.00'. A missing amount shows '0.00'. */
export function formatAmount(minor: number | null | undefined): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '0.00';
  return (minor / 100).toFixed(2);
}

/** '£45.00' for a region. */
export function formatMoney(minor: number | null | undefined, region: string | null | undefined): string {
  return `${currencySymbol(region)}${formatAmount(minor)}`;
}

/** Missing values show 'N/A'. */
export function orNA(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return 'N/A';
  const s = String(value).trim();
  return s === '' ? 'N/A' : s;
}
