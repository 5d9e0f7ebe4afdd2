import { describe, expect, it } from 'vitest';
import { apiSecurityHeaders, securityHeaders } from './security-headers';

describe('apiSecurityHeaders', () => {
  it('keeps HSTS and CORP from the pages, and only what acts on any answer', () => {
    const pages = securityHeaders({ strictTransportSecurity: { maxAge: 31536000 } });
    expect(apiSecurityHeaders(pages)).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': pages['strict-transport-security'],
    });
    expect(pages['strict-transport-security']).toContain('max-age=31536000');
  });

  it('sends no HSTS over plain HTTP', () => {
    const pages = securityHeaders({ strictTransportSecurity: false });
    expect(apiSecurityHeaders(pages)).not.toHaveProperty('strict-transport-security');
  });
});
