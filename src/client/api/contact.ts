/** The contact form. */
import * as contact from '#shared/contract/contact.ts';
import type { CallInput } from '#shared/contract/endpoint.ts';
import { call } from '#client/lib/api.ts';

export const sendContactMessage = (body: CallInput<typeof contact.send>['body']) => call(contact.send, { body });
