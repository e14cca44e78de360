/** Mail the site could not deliver (super admins): the list, and sending one for another try. */
import type { MailFailure } from '#shared/schemas/mail-failures.ts';
import type { Page } from '#shared/schemas/paging.ts';
import { apiGet, apiRequest, withQuery } from '#client/lib/api.ts';

const FAILURES_PATH = '/api/admin/mail-failures';
export const MAIL_FAILURES_KEY = [FAILURES_PATH] as const;

/** One page of the failures, newest first. */
export const listMailFailures = (page: number) => apiGet<Page<MailFailure>>(withQuery(FAILURES_PATH, { page }));

export const retryMail = (failure: Pick<MailFailure, 'id' | 'queue'>) =>
  apiRequest<void>('POST', `${FAILURES_PATH}/${encodeURIComponent(failure.id)}/retry`, { queue: failure.queue });
