/** The contact inbox's calls: messages sent through /contact, and marking one handled. */
import type { ContactMessageView } from '#shared/schemas/contact.ts';
import * as admin from '#shared/contract/admin.ts';
import { call, keyOf } from '#client/lib/api.ts';

/** Every page's key starts with this, so one invalidation reaches every page. */
export const CONTACT_MESSAGES_KEY = keyOf(admin.contactMessages).slice(0, 2);

/** One page of the new or the handled messages, newest first. */
export const listContactMessages = (status: ContactMessageView['status'], page: number) =>
  call(admin.contactMessages, { query: { status, page } });

export const markContactMessageHandled = (id: string) => call(admin.markContactHandled, { params: { id } });
