import { describe, expect, it } from 'vitest';
import { neutralizeFormula } from './csv';

describe('neutralizeFormula', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(neutralizeFormula('=1+1')).toBe("'=1+1");
    expect(neutralizeFormula('+61412345678')).toBe("'+61412345678");
    expect(neutralizeFormula('-5')).toBe("'-5");
    expect(neutralizeFormula('@x')).toBe("'@x");
    expect(neutralizeFormula('Jane')).toBe('Jane');
  });
});
