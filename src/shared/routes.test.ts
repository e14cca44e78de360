import { describe, expect, it } from 'vitest';
import { CLIENT_ONLY_PATHS, pathMatches } from './routes.ts';

describe('pathMatches', () => {
  it('matches plain paths exactly', () => {
    expect(pathMatches('/find-doctors', '/find-doctors')).toBe(true);
    expect(pathMatches('/find-doctors', '/find-doctors/x')).toBe(false);
  });

  it('lets a :name segment stand for any one non-empty segment', () => {
    expect(pathMatches('/doctors/:id', '/doctors/6f1c9b4e-1d2a-4c3b-9e8f-0a1b2c3d4e5f')).toBe(true);
    expect(pathMatches('/doctors/:id', '/doctors/')).toBe(false);
    expect(pathMatches('/doctors/:id', '/doctors')).toBe(false);
    expect(pathMatches('/doctors/:id', '/doctors/a/b')).toBe(false);
    expect(pathMatches('/doctors/:id', '/stories/a')).toBe(false);
  });

  it('serves the doctor pages as client-only pages', () => {
    for (const path of ['/find-doctors', '/doctors/:id', '/doctor-dashboard', '/admin-doctors'])
      expect(CLIENT_ONLY_PATHS).toContain(path);
  });
});
