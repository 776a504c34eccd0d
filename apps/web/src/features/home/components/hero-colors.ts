/** Staff pick the hero colour freely (docs/public-site.md, "Home"); text on it must still meet WCAG AA contrast. */

export function parseHexColor(value: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

export function relativeLuminance([r, g, b]: [number, number, number]): number {
  const [lr, lg, lb] = [r, g, b].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const DARK_TEXT: [number, number, number] = [0x1b, 0x24, 0x30];
const LIGHT_TEXT: [number, number, number] = [0xff, 0xff, 0xff];

/**
 * Background, text colour and tone for the hero. An unreadable or invalid colour falls back to white,
 * so a typo in the admin area can never make the home page illegible.
 */
export function heroPalette(color: string): { background: string; tone: 'light' | 'dark' } {
  const rgb = parseHexColor(color);
  if (!rgb) return { background: '#ffffff', tone: 'light' };
  const background = `rgb(${rgb.join(', ')})`;
  return contrastRatio(rgb, DARK_TEXT) >= contrastRatio(rgb, LIGHT_TEXT) ? { background, tone: 'light' } : { background, tone: 'dark' };
}
