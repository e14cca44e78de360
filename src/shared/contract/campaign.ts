/**
 * A campaign's public figures and its followers: one path for every campaign by id or slug; the spec's
 * `/api/fundraising/progress` is the main appeal's alias (decision 012), `/api/campaign` its content document.
 */
import { z } from 'zod';
import {
  CampaignResponseSchema,
  ConfirmUpdatesSchema,
  FollowStatusSchema,
  ProgressSchema,
  SupportersSchema,
  UnsubscribeQuerySchema,
} from '../schemas/campaign.ts';
import { CampaignParamsSchema } from '../schemas/public-fundraisers.ts';
import { endpoint } from './endpoint.ts';

const MessageSchema = z.object({ message: z.string() });
const followAddress = { path: '/api/campaigns/:id/follow', access: 'user', params: CampaignParamsSchema } as const;

export const mainAppeal = endpoint({
  method: 'GET',
  path: '/api/campaign',
  access: 'public',
  resource: 'campaign',
  responses: { 200: CampaignResponseSchema },
});
export const progress = endpoint({
  method: 'GET',
  path: '/api/campaigns/:id/progress',
  access: 'public',
  resource: 'progress',
  params: CampaignParamsSchema,
  responses: { 200: ProgressSchema },
});
export const mainAppealProgress = endpoint({
  method: 'GET',
  path: '/api/fundraising/progress',
  access: 'public',
  resource: 'progress',
  responses: { 200: ProgressSchema },
});
export const supporters = endpoint({
  method: 'GET',
  path: '/api/campaigns/:id/supporters',
  access: 'public',
  resource: 'supporters',
  params: CampaignParamsSchema,
  responses: { 200: SupportersSchema },
});
export const followStatus = endpoint({
  method: 'GET',
  ...followAddress,
  resource: 'follow',
  responses: { 200: FollowStatusSchema },
});
export const follow = endpoint({ method: 'PUT', ...followAddress, responses: { 200: FollowStatusSchema } });
export const unfollow = endpoint({ method: 'DELETE', ...followAddress, responses: { 200: FollowStatusSchema } });
export const confirmUpdates = endpoint({
  method: 'POST',
  path: '/api/campaign/updates/confirm',
  access: 'public',
  body: ConfirmUpdatesSchema,
  responses: { 200: MessageSchema },
});
/** The List-Unsubscribe-Post one-click address (RFC 8058): any small body, ignored; the token says who stops. */
export const unsubscribe = endpoint({
  method: 'POST',
  path: '/api/campaign/updates/unsubscribe',
  access: 'public',
  query: UnsubscribeQuerySchema,
  body: 'raw',
  responses: { 200: MessageSchema },
});
