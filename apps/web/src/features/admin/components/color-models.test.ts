import { describe, expect, it } from 'vitest';
import { colorModels } from './color-models';

describe('colorModels', () => {
  it('reads white, black and the picker purple in four models', () => {
    expect(colorModels('#ffffff')).toEqual({
      rgb: 'rgb(255, 255, 255)',
      hsl: 'hsl(0, 0%, 100%)',
      hsv: 'hsv(0, 0%, 100%)',
      cmyk: 'cmyk(0%, 0%, 0%, 0%)',
    });
    expect(colorModels('#000000').cmyk).toBe('cmyk(0%, 0%, 0%, 100%)');
    expect(colorModels('#ff0000')).toMatchObject({ hsl: 'hsl(0, 100%, 50%)', hsv: 'hsv(0, 100%, 100%)', cmyk: 'cmyk(0%, 100%, 100%, 0%)' });
  });
});
