/** Admin operations: working the contact inbox. */
import { eq } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import { contactMessages } from '../db/schema/index.ts';
import { audit } from '../services/audit.ts';
import type { CommandContext } from './run.ts';

/** Marks a contact message handled, with its audit entry. */
export async function markContactHandled({ tx, actor }: CommandContext, id: string): Promise<void> {
  const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!before) throw new AppError('NOT_FOUND', 'No such message');
  await tx.update(contactMessages).set({ status: 'handled' }).where(eq(contactMessages.id, before.id));
  await audit(tx, actor, {
    action: 'contact.handled',
    targetType: 'contact_message',
    targetId: before.id,
    before: { status: before.status },
    after: { status: 'handled' },
  });
}
