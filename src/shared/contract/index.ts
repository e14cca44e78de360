/**
 * Every endpoint of the API, by area: what the contract test walks (src/server/contract.test.ts). The server
 * registers each area's routes from its own file; the client imports the area it calls, never this index.
 */
import * as account from './account.ts';
import * as admin from './admin.ts';
import * as auth from './auth.ts';
import * as campaign from './campaign.ts';
import * as carePlans from './care-plans.ts';
import * as clientErrors from './client-errors.ts';
import * as contact from './contact.ts';
import * as doctors from './doctors.ts';
import * as donations from './donations.ts';
import type { Endpoint } from './endpoint.ts';
import * as expenses from './expenses.ts';
import * as fieldVisibility from './field-visibility.ts';
import * as fundraiserReview from './fundraiser-review.ts';
import * as fundraisers from './fundraisers.ts';
import * as healthDataConsents from './health-data-consents.ts';
import * as medicalReviews from './medical-reviews.ts';
import * as myFundraiser from './my-fundraiser.ts';
import * as notifications from './notifications.ts';
import * as passkeys from './passkeys.ts';
import * as payments from './payments.ts';
import * as site from './site.ts';
import * as stories from './stories.ts';
import * as uploads from './uploads.ts';
import * as webhooks from './webhooks.ts';

export const CONTRACT: Record<string, Record<string, Endpoint>> = {
  account,
  admin,
  auth,
  campaign,
  carePlans,
  clientErrors,
  contact,
  doctors,
  donations,
  expenses,
  fieldVisibility,
  fundraiserReview,
  fundraisers,
  healthDataConsents,
  medicalReviews,
  myFundraiser,
  notifications,
  passkeys,
  payments,
  site,
  stories,
  uploads,
  webhooks,
};
