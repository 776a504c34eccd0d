import { describe, expect, it } from 'vitest';
import { currencyForRegion, currencySymbol, DEFAULT_REGION, formatAmount, formatMoney, isRegion, orNA, REGIONS } from './money';

describe('regions', () => {
  it('are uk and usa, uk by default', () => {
    expect(REGIONS).toEqual(['uk', 'usa']);
    expect(DEFAULT_REGION).toBe('uk');
  });

  it.each([
    ['uk', true],
    ['usa', true],
    ['UK', false],
    ['india', false],
    ['', false],
    [null, false],
    [undefined, false],
    [1, false],
  ])('isRegion(%j) is %s', (value, expected) => {
    expect(isRegion(value)).toBe(expected);
  });
});

describe('currencyForRegion', () => {
  it('is GBP for uk and USD for everything else', () => {
    expect(currencyForRegion('uk')).toBe('GBP');
    expect(currencyForRegion('usa')).toBe('USD');
    expect(currencyForRegion('india')).toBe('USD');
    expect(currencyForRegion('')).toBe('USD');
  });
});

describe('currencySymbol', () => {
  it.each([
    ['usa', '$'],
    ['uk', '£'],
    ['india', '₹'],
    ['other', '₹'],
    ['', '₹'],
    [null, '₹'],
    [undefined, '₹'],
  ])('%j → %s', (region, symbol) => {
    expect(currencySymbol(region)).toBe(symbol);
  });
});

describe('formatAmount', () => {
  it.each([
    [4500, '45.00'],
    [4550, '45.50'],
    [1, '0.01'],
    [0, '0.00'],
    [123456, '1234.56'],
  ])('%d minor units → %s', (minor, text) => {
    expect(formatAmount(minor)).toBe(text);
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('a missing amount (%s) shows 0.00', (minor) => {
    expect(formatAmount(minor)).toBe('0.00');
  });
});

describe('formatMoney', () => {
  it('puts the region symbol before the amount', () => {
    expect(formatMoney(4500, 'uk')).toBe('£45.00');
    expect(formatMoney(12000, 'usa')).toBe('$120.00');
    expect(formatMoney(999, 'india')).toBe('₹9.99');
    expect(formatMoney(null, 'uk')).toBe('£0.00');
    expect(formatMoney(undefined, undefined)).toBe('₹0.00');
  });
});

describe('orNA', () => {
  it.each([
    [null, 'N/A'],
    [undefined, 'N/A'],
    ['', 'N/A'],
    ['   ', 'N/A'],
    ['Cardiology', 'Cardiology'],
    ['  GP  ', 'GP'],
    [0, '0'],
    [42, '42'],
  ])('%j → %s', (value, text) => {
    expect(orNA(value)).toBe(text);
  });
});
