/** The campaign editor's API as its tests call it: requests with a cookie, the current campaign, image uploads. */
import type { CampaignContent } from '../../src/shared/schemas/campaign.ts';
import { getWith } from './accounts.ts';
import { postFile, SITE_ORIGIN, type TestApp } from './test-app.ts';

export const CAMPAIGN = '/api/admin/campaign';

/** Helpers bound to the file's test app; `cookie()` is the super admin's, read when a helper runs. */
export function campaignEditor(t: TestApp, cookie: () => string) {
  function send(method: 'PUT' | 'DELETE' | 'GET', url: string, as: string, body?: unknown) {
    return t.app.inject({
      method,
      url,
      headers: {
        origin: SITE_ORIGIN,
        ...(as ? { cookie: as } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  const current = async () =>
    (await getWith(t.app, CAMPAIGN, cookie())).json() as {
      id: string;
      version: number;
      content: CampaignContent;
      owner: unknown;
    };

  /** A multipart upload of one campaign image. */
  function upload(as: string, bytes: Buffer, filename = 'photo.png', type = 'image/png') {
    return postFile(t.app, '/api/uploads/campaign-image', as, { field: 'image', bytes, filename, type });
  }

  return { send, current, upload, publish: (as: string, body: unknown) => send('PUT', CAMPAIGN, as, body) };
}
