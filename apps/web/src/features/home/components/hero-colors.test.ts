import { describe, expect, it } from 'vitest';
import { contrastRatio, heroPalette, parseHexColor } from './hero-colors';

describe('parseHexColor', () => {
  it('reads 3- and 6-digit hex, with or without #', () => {
    expect(parseHexColor('#ffffff')).toEqual([255, 255, 255]);
    expect(parseHexColor('0b5cad')).toEqual([11, 92, 173]);
    expect(parseHexColor('#FA0')).toEqual([255, 170, 0]);
  });
  it.each(['', 'white', '#12345', '#ggg', 'rgb(0,0,0)'])('rejects %j', (value) => {
    expect(parseHexColor(value)).toBeNull();
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrastRatio([11, 92, 173], [11, 92, 173])).toBe(1);
  });
});

describe('heroPalette', () => {
  it('keeps dark text on light colours', () => {
    expect(heroPalette('#ffffff')).toEqual({ background: 'rgb(255, 255, 255)', tone: 'light' });
    expect(heroPalette('#e8f1fb').tone).toBe('light');
    expect(heroPalette('#ffd966').tone).toBe('light');
  });
  it('switches to light text on dark colours', () => {
    expect(heroPalette('#0b5cad').tone).toBe('dark');
    expect(heroPalette('#6b21a8').tone).toBe('dark');
    expect(heroPalette('#000').tone).toBe('dark');
  });
  it('falls back to white for a value that is not a colour', () => {
    expect(heroPalette('not-a-colour')).toEqual({ background: '#ffffff', tone: 'light' });
  });
});
