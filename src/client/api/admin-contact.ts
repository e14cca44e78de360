/** The contact inbox's calls: messages sent through /contact, and marking one handled. */
import type { Page } from '#shared/schemas/paging.ts';
import type { ContactMessageView } from '#shared/schemas/contact.ts';
import { apiGet, apiRequest, withQuery } from '#client/lib/api.ts';

const MESSAGES_PATH = '/api/admin/contact-messages';
export const CONTACT_MESSAGES_KEY = [MESSAGES_PATH] as const;

/** One page of the new or the handled messages, newest first. */
export const listContactMessages = (status: ContactMessageView['status'], page: number) =>
  apiGet<Page<ContactMessageView>>(withQuery(MESSAGES_PATH, { status, page }));

export const markContactMessageHandled = (id: string) =>
  apiRequest<void>('POST', `${MESSAGES_PATH}/${encodeURIComponent(id)}/handled`);
