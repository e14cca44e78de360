/**
 * The donor's mails: a thank-you and receipt once her gift is recorded, and a notice when it is refunded in
 * full. A receipt is claimed in the database (donations.receipt_sent_at) before it is sent, so it goes once
 * whichever instance or retry gets there first; a send that fails gives the claim back for the next sweep.
 */
import { and, asc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { DEFAULT_RECEIPT_NOTE } from '#shared/schemas/campaign.ts';
import { formatCents } from '#shared/money.ts';
import { transparencyPath } from '#shared/routes.ts';
import type { Db } from '../db/client.ts';
import { withCurrentShape } from '../db/content-shape.ts';
import { campaigns, donations, fundraisers, users } from '../db/schema/index.ts';
import type { Clock } from './clock.ts';
import type { Examples } from './example-content.ts';
import { mailFailure, type Mailer } from './mail.ts';
import { donationReceiptMail, donationRefundedMail, type GiftForMail } from './mail-templates.ts';

export interface DonorMailDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
  /** In production, the content without the seed's examples (absent in scripts: the content as stored). */
  examples?: Pick<Examples, 'live'>;
}

type Gift = typeof donations.$inferSelect;

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * What a donor's mail says about the campaign: the flagship's own words; for a patient's fundraiser its title and
 * her name, under the site's name (decision 009). Each links to its own transparency page.
 */
async function campaignForMail({ db, examples }: DonorMailDeps, campaignId: string) {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (campaign?.content) {
    const content = withCurrentShape(campaign.content);
    const receiptNote = content.receiptNote ?? DEFAULT_RECEIPT_NOTE;
    return {
      product: content.product.name,
      name: content.name,
      // A live site never signs with the seed's example organiser (src/shared/example-content.ts).
      organiser: (examples?.live(content) ?? content).organiser.name || `The ${content.product.name} team`,
      receiptNote,
      transparencyPath: transparencyPath(),
    };
  }
  const [[fundraiser], [flagship]] = await Promise.all([
    db
      .select({ title: fundraisers.title, firstName: users.firstName, lastName: users.lastName })
      .from(fundraisers)
      .innerJoin(users, eq(users.id, fundraisers.ownerId))
      .where(eq(fundraisers.campaignId, campaignId)),
    db.select().from(campaigns).where(isNotNull(campaigns.content)).orderBy(asc(campaigns.createdAt)).limit(1),
  ]);
  return {
    product: flagship?.content?.product.name ?? 'Healing Circle',
    name: fundraiser?.title ?? 'A fundraiser',
    organiser: fundraiser ? `${fundraiser.firstName} ${fundraiser.lastName}` : 'The organiser',
    receiptNote: DEFAULT_RECEIPT_NOTE,
    transparencyPath: transparencyPath(campaign?.slug),
  };
}

async function giftForMail(deps: DonorMailDeps, gift: Gift) {
  const campaign = await campaignForMail(deps, gift.campaignId);
  const forMail: GiftForMail = {
    to: gift.donorEmail!,
    donorName: gift.isAnonymous ? null : gift.donorName,
    amount: `${formatCents(gift.amountCents, gift.currency)} ${gift.currency}`,
    usdEstimate: gift.currency === 'USD' ? null : `about ${formatCents(gift.usdCents)} USD`,
    method: gift.paymentMethod,
    date: day.format(gift.createdAt),
    campaign: campaign.name,
    organiser: campaign.organiser,
    transparencyUrl: `${deps.publicUrl}${campaign.transparencyPath}`,
  };
  return { forMail, campaign };
}

/** Sends the receipt of this gift unless it went already, the gift was voided, or there is no address. */
export async function sendReceipt(deps: DonorMailDeps, donationId: string): Promise<boolean> {
  const [gift] = await deps.db
    .update(donations)
    .set({ receiptSentAt: deps.clock.now() })
    .where(
      and(
        eq(donations.id, donationId),
        isNull(donations.receiptSentAt),
        isNull(donations.voidedAt),
        isNotNull(donations.donorEmail),
      ),
    )
    .returning();
  if (!gift) return false;
  try {
    const { forMail, campaign } = await giftForMail(deps, gift);
    await deps.mailer.send(donationReceiptMail(campaign.product, forMail, campaign.receiptNote));
    return true;
  } catch (err) {
    await deps.db.update(donations).set({ receiptSentAt: null }).where(eq(donations.id, gift.id));
    throw err;
  }
}

/** How long a recorded gift's own request has to send its receipt before the sweep tries. */
export const RECEIPT_RETRY_AFTER_MS = 5 * 60_000;

/** Sends the receipts that did not go when their gift was recorded (the mail server was down, say). */
export async function sendPendingReceipts(deps: DonorMailDeps): Promise<number> {
  const pending = await deps.db
    .select({ id: donations.id })
    .from(donations)
    .where(
      and(
        isNull(donations.receiptSentAt),
        isNull(donations.voidedAt),
        isNotNull(donations.donorEmail),
        lt(donations.createdAt, new Date(deps.clock.now().getTime() - RECEIPT_RETRY_AFTER_MS)),
      ),
    )
    .limit(100);
  let sent = 0;
  for (const { id } of pending) {
    try {
      if (await sendReceipt(deps, id)) sent++;
    } catch (err) {
      deps.log.error({ err: mailFailure(err) }, 'receipt not sent; the next sweep tries again');
      break;
    }
  }
  return sent;
}

/** Tells the donor her gift was refunded in full (when she left an address). */
export async function sendRefundNotice(deps: DonorMailDeps, donationId: string): Promise<void> {
  const [gift] = await deps.db.select().from(donations).where(eq(donations.id, donationId));
  if (!gift?.donorEmail) return;
  const { forMail, campaign } = await giftForMail(deps, gift);
  await deps.mailer.send(donationRefundedMail(campaign.product, forMail));
}
