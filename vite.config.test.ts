import { describe, expect, it } from 'vitest';
import { apiProxy } from './vite.config.ts';

describe('the dev server proxy', () => {
  it("sends /api, /healthz and /readyz to the API's PORT, 3000 when unset", () => {
    expect(apiProxy({ PORT: '4100' })).toEqual({
      '/api': 'http://localhost:4100',
      '/healthz': 'http://localhost:4100',
      '/readyz': 'http://localhost:4100',
    });
    expect(apiProxy({})['/api']).toBe('http://localhost:3000');
  });
});
