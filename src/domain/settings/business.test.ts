import { describe, expect, it } from 'vitest';
import { BusinessSettingsSchema, DEFAULT_BUSINESS, isBookNowTarget } from './business';

describe('where Book Now may go', () => {
  it.each(['/book', '/book?from=widget', '/%2F%2Fexample.com', 'https://example.com/book'])(
    'takes %s',
    (value) => expect(isBookNowTarget(value)).toBe(true),
  );

  it('takes an http(s) address written in capitals', () => {
    expect(isBookNowTarget('HTTPS://Example.com/book')).toBe(true);
    expect(isBookNowTarget('Http://example.com')).toBe(true);
  });

  // Browsers read '//host' and '/\host' as another site, not as a path on this one.
  it.each(['//evil.example.com', '/\\evil.example.com', '///evil.example.com'])(
    'refuses %s, which only looks like a path',
    (value) => expect(isBookNowTarget(value)).toBe(false),
  );

  it.each(['book', 'javascript:alert(1)', 'ftp://example.com', 'https://', 'https://exa mple.com'])(
    'refuses %s',
    (value) => expect(isBookNowTarget(value)).toBe(false),
  );

  it('is the rule the business settings are checked with', () => {
    const parsed = BusinessSettingsSchema.safeParse({
      ...DEFAULT_BUSINESS,
      bookNowUrl: '//evil.example.com',
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['bookNowUrl']);
  });
});
