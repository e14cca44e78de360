import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it.each(['/', '/donate', '/stories/abc?tab=support#top', '/search?q=%0A'])('keeps the same-site path %j', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash URL', '/\\evil.example'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['a carriage return', '/donate\r\nSet-Cookie: x=1'],
    ['a NUL', '/donate\u0000'],
    ['DEL', '/donate\u007f'],
    ['a C1 control', '/donate\u0085'],
    ['an over-long path', `/${'a'.repeat(500)}`],
  ])('refuses %s, answering "/"', (_label, value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it('refuses anything but a string', () => {
    expect(safeReturnPath(null)).toBe('/');
    expect(safeReturnPath(['/donate'])).toBe('/');
  });
});
