/** The /contact form. All four fields are required (spec section 5). */
import { z } from 'zod';
import { CONTACT_FIELD_MAX, REQUIRED_FIELDS_MESSAGE } from '../constants.ts';
import { HumanCheckSchema } from './auth.ts';
import { PageQuerySchema } from './paging.ts';

function requiredText(max: number, label: string) {
  return z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(max, `${label} must be at most ${max} characters`);
}

export const ContactMessageSchema = z.strictObject({
  name: requiredText(CONTACT_FIELD_MAX.name, 'Name'),
  email: z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .pipe(z.email('Please enter a valid email address').max(254)),
  subject: requiredText(CONTACT_FIELD_MAX.subject, 'Subject'),
  message: requiredText(CONTACT_FIELD_MAX.message, 'Message'),
  /** The solved ALTCHA challenge (the form adds it on submit). */
  altcha: HumanCheckSchema,
});
/** The /contact form's own fields. */
export const ContactFormSchema = ContactMessageSchema.omit({ altcha: true });
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;

/** GET /api/admin/contact-messages item. */
export const ContactMessageViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(['new', 'handled']),
  createdAt: z.string(),
});
export type ContactMessageView = z.infer<typeof ContactMessageViewSchema>;

/** GET /api/admin/contact-messages: a page of the new or the handled messages. */
export const ContactMessagesQuerySchema = PageQuerySchema.extend({
  status: z.enum(['new', 'handled'], { error: 'status must be new or handled' }).optional(),
});
