/** The colour picker's readouts (docs/staff-admin.md): one hex colour as RGB, HSL, HSV and CMYK. */
export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function colorModels(hex: string) {
  const [r, g, b] = hexToRgb(hex);
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const d = max - min;
  let h = 0;
  if (d) {
    if (max === rr) h = ((gg - bb) / d) % 6;
    else if (max === gg) h = (bb - rr) / d + 2;
    else h = (rr - gg) / d + 4;
    h = Math.round(h * 60);
    if (h < 0) h += 360;
  }
  const l = (max + min) / 2;
  const sl = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  const sv = max === 0 ? 0 : d / max;
  const k = 1 - max;
  const c = k === 1 ? 0 : (1 - rr - k) / (1 - k);
  const m = k === 1 ? 0 : (1 - gg - k) / (1 - k);
  const y = k === 1 ? 0 : (1 - bb - k) / (1 - k);
  const pct = (v: number) => `${Math.round(v * 100)}%`;
  return {
    rgb: `rgb(${r}, ${g}, ${b})`,
    hsl: `hsl(${h}, ${pct(sl)}, ${pct(l)})`,
    hsv: `hsv(${h}, ${pct(sv)}, ${pct(max)})`,
    cmyk: `cmyk(${pct(c)}, ${pct(m)}, ${pct(y)}, ${pct(k)})`,
  };
}
