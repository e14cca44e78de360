/** Mail the site could not deliver (super admins): the list, and sending one for another try. */
import type { MailFailure } from '#shared/schemas/mail-failures.ts';
import * as admin from '#shared/contract/admin.ts';
import { call, keyOf } from '#client/lib/api.ts';

/** Every page's key starts with this, so one invalidation reaches every page. */
export const MAIL_FAILURES_KEY = keyOf(admin.mailFailures).slice(0, 2);

/** One page of the failures, newest first. */
export const listMailFailures = (page: number) => call(admin.mailFailures, { query: { page } });

export const retryMail = (failure: Pick<MailFailure, 'id' | 'queue'>) =>
  call(admin.retryMail, { params: { id: failure.id }, body: { queue: failure.queue } });
