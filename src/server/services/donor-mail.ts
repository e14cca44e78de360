/**
 * The donor's mails: a thank-you and receipt once her gift is recorded, and a notice when it is refunded in
 * full; built from the records when their job runs (services/mail-delivery.ts sends each once).
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { DEFAULT_RECEIPT_NOTE } from '#shared/schemas/campaign.ts';
import { formatCents } from '#shared/money.ts';
import { transparencyPath } from '#shared/routes.ts';
import type { Db, Tx } from '../db/client.ts';
import { withCurrentShape } from '../db/content-shape.ts';
import { campaigns, donations, fundraisers, users } from '../db/schema/index.ts';
import type { Examples } from './example-content.ts';
import type { MailMessage } from './mail.ts';
import { donationReceiptMail, donationRefundedMail, type GiftForMail } from './mail-templates.ts';
import { shownName } from '#shared/community-name.ts';

export interface DonorMailDeps {
  db: Db;
  publicUrl: string;
  /** In production, the content without the seed's examples (absent in scripts: the content as stored). */
  examples?: Pick<Examples, 'live'>;
}

type Gift = typeof donations.$inferSelect;

/** The site's name (the main appeal's product), read with the handle given: a write's transaction on PGlite. */
export async function productNameIn(tx: Tx | Db): Promise<string> {
  const [main] = await tx
    .select({ name: sql<string | null>`${campaigns.content}->'product'->>'name'` })
    .from(campaigns)
    .where(eq(campaigns.mainAppeal, true));
  return main?.name ?? 'Healing Circle';
}

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * What a donor's mail says about the campaign: the main appeal's own words; for a patient's fundraiser its title and
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
  const [[fundraiser], product] = await Promise.all([
    db
      .select({
        title: fundraisers.title,
        firstName: users.firstName,
        lastName: users.lastName,
        communityName: users.communityName,
      })
      .from(fundraisers)
      .innerJoin(users, eq(users.id, fundraisers.ownerId))
      .where(eq(fundraisers.campaignId, campaignId)),
    productNameIn(db),
  ]);
  return {
    product,
    name: fundraiser?.title ?? 'A fundraiser',
    // Donors read her by the name she chose for the community, never her legal name (decision 019).
    organiser: fundraiser ? shownName(fundraiser) : 'The organiser',
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

/** The thank-you and receipt of this gift; null when there is none to send (voided, no address). */
export async function buildReceipt(deps: DonorMailDeps, donationId: string): Promise<MailMessage | null> {
  const [gift] = await deps.db
    .select()
    .from(donations)
    .where(and(eq(donations.id, donationId), isNull(donations.voidedAt), isNotNull(donations.donorEmail)));
  if (!gift) return null;
  const { forMail, campaign } = await giftForMail(deps, gift);
  return donationReceiptMail(campaign.product, forMail, campaign.receiptNote);
}

/** Marks the gift's receipt sent (shown to managers; the mail's own once-only record is mail_deliveries). */
export async function markReceiptSent(db: Db, donationId: string, at: Date): Promise<void> {
  await db.update(donations).set({ receiptSentAt: at }).where(eq(donations.id, donationId));
}

/** The notice that her gift was refunded in full; null when she left no address. */
export async function buildRefundNotice(deps: DonorMailDeps, donationId: string): Promise<MailMessage | null> {
  const [gift] = await deps.db.select().from(donations).where(eq(donations.id, donationId));
  if (!gift?.donorEmail) return null;
  const { forMail, campaign } = await giftForMail(deps, gift);
  return donationRefundedMail(campaign.product, forMail);
}
