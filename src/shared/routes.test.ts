import { describe, expect, it } from 'vitest';
import {
  CLIENT_ONLY_PATHS,
  isPrerenderedPath,
  PAGES,
  pathMatches,
  PRERENDERED_PAGES,
  SERVER_RENDERED_PATHS,
} from './routes.ts';

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

  it('renders the public story, doctor and fundraiser pages on the server, and their signed-in pages only in the browser', () => {
    expect(SERVER_RENDERED_PATHS).toEqual([
      '/stories',
      '/stories/:id',
      '/find-doctors',
      '/doctors/:id',
      '/fundraisers',
      '/fundraisers/:slug',
      '/fundraisers/:slug/donate',
      '/transparency/:slug',
      '/care/open/:token',
    ]);
    for (const path of ['/my-stories', '/my-fundraiser', '/doctor-dashboard', '/admin-doctors'])
      expect(CLIENT_ONLY_PATHS).toContain(path);
  });
});

describe('the page table', () => {
  it('derives the prerendered pages and their files from the pages that render at build', () => {
    expect(PRERENDERED_PAGES).toEqual({
      '/': 'index',
      '/donate': 'donate',
      '/how-it-works': 'how-it-works',
      '/contact': 'contact',
      '/privacy-policy': 'privacy-policy',
      '/consumer-health-data-privacy': 'consumer-health-data-privacy',
      '/terms-of-service': 'terms-of-service',
      '/medical-disclaimer': 'medical-disclaimer',
      '/donor-agreement': 'donor-agreement',
      '/transparency': 'transparency',
      '/thank-you': 'thank-you',
    });
    expect(isPrerenderedPath('/donate')).toBe(true);
    expect(isPrerenderedPath('/admin-users')).toBe(false);
  });

  it('lists every other page as server-rendered or client-only, each page once', () => {
    const all = Object.keys(PAGES);
    expect([...Object.keys(PRERENDERED_PAGES), ...SERVER_RENDERED_PATHS, ...CLIENT_ONLY_PATHS].sort()).toEqual(
      [...all].sort(),
    );
    for (const path of CLIENT_ONLY_PATHS) expect(PAGES[path].render).toBe('client');
    expect(CLIENT_ONLY_PATHS).toContain('/refund-request');
    expect(CLIENT_ONLY_PATHS).not.toContain('/');
  });
});
