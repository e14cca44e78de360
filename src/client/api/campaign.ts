/** The campaign's public figures (progress, ledger) and following its updates. */
import * as campaign from '#shared/contract/campaign.ts';
import * as expenses from '#shared/contract/expenses.ts';
import { call, keyOf } from '#client/lib/api.ts';

export const PROGRESS_KEY = keyOf(campaign.mainAppealProgress);
export const getProgress = () => call(campaign.mainAppealProgress);

/** A campaign's most recent recorded gifts (the main appeal's by its slug). */
export const supportersKey = (slug: string) => keyOf(campaign.supporters, { params: { id: slug } });
export const getSupporters = (slug: string) => call(campaign.supporters, { params: { id: slug } });

/** GET /api/campaigns/:slug/ledger: the public ledger (its key: `ledgerKey` in api/public-fundraisers.ts). */
export const getLedger = (slug: string) => call(expenses.ledger, { params: { id: slug } });
