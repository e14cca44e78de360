/** A visitor's message from the /contact form: stored, then mailed to the support address after the commit. */
import type { z } from 'zod';
import type { ContactFormSchema } from '#shared/schemas/contact.ts';
import { contactMessages } from '../db/schema/index.ts';
import type { CommandContext } from './run.ts';

type ContactMessage = z.output<typeof ContactFormSchema>;

/** Stores the message and answers its id; a mail that cannot be sent is logged and never loses the message. */
export async function sendContactMessage(
  { tx, afterCommit }: CommandContext,
  input: ContactMessage,
  supportEmail: string,
): Promise<string> {
  const [row] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  afterCommit.mail({ key: `contact-copy:${row!.id}`, kind: 'contact-copy' }, (product) => ({
    to: supportEmail,
    replyTo: input.email,
    subject: `[${product} contact] ${input.subject}`,
    text: `From: ${input.name} <${input.email}>\n\n${input.message}\n`,
  }));
  return row!.id;
}
