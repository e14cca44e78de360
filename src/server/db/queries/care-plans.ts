/** Read models of care plans (decision 021): a plan, its requests, the claims on its dates, who is in its circle. */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { CareCategory } from '#shared/care-plan.ts';
import type { Db, Tx } from '../client.ts';
import {
  campaignFollowers,
  campaigns,
  carePlanCircle,
  carePlans,
  careClaims,
  careRequests,
  claimStands,
  fundraisers,
  helpStillToGive,
  users,
} from '../schema/index.ts';

export type CarePlanRow = typeof carePlans.$inferSelect;
export type CareRequestRow = typeof careRequests.$inferSelect;
export type CareClaimRow = typeof careClaims.$inferSelect;
/** A standing claim with what the plan shows of its helper. */
export type CareClaimWithHelper = CareClaimRow & {
  helper: { firstName: string; lastName: string; communityName: string | null };
};

export async function carePlanOfPatient(db: Db | Tx, patientId: string): Promise<CarePlanRow | undefined> {
  const [plan] = await db.select().from(carePlans).where(eq(carePlans.patientId, patientId));
  return plan;
}

export async function carePlanById(db: Db | Tx, id: string): Promise<CarePlanRow | undefined> {
  const [plan] = await db.select().from(carePlans).where(eq(carePlans.id, id));
  return plan;
}

export async function carePlanByShareToken(db: Db | Tx, token: string): Promise<CarePlanRow | undefined> {
  const [plan] = await db.select().from(carePlans).where(eq(carePlans.shareToken, token));
  return plan;
}

/** Her requests that are not cancelled, in the order she made them. */
export function careRequestsOf(db: Db | Tx, planId: string): Promise<CareRequestRow[]> {
  return db
    .select()
    .from(careRequests)
    .where(and(eq(careRequests.planId, planId), isNull(careRequests.cancelledAt)))
    .orderBy(asc(careRequests.createdAt), asc(careRequests.id));
}

/** The standing claims on the plan's dates from `fromDay` to `toDay`, with their helpers' names. */
export async function standingCareClaims(
  db: Db | Tx,
  planId: string,
  fromDay: string,
  toDay: string,
): Promise<CareClaimWithHelper[]> {
  const rows = await db
    .select({
      claim: careClaims,
      helper: { firstName: users.firstName, lastName: users.lastName, communityName: users.communityName },
    })
    .from(careClaims)
    .innerJoin(careRequests, eq(careRequests.id, careClaims.requestId))
    .innerJoin(users, eq(users.id, careClaims.helperId))
    .where(and(eq(careRequests.planId, planId), claimStands, gte(careClaims.day, fromDay), lte(careClaims.day, toDay)))
    .orderBy(asc(careClaims.claimedAt));
  return rows.map((r) => ({ ...r.claim, helper: r.helper }));
}

export async function isInCareCircle(db: Db | Tx, planId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: carePlanCircle.userId })
    .from(carePlanCircle)
    .where(and(eq(carePlanCircle.planId, planId), eq(carePlanCircle.userId, userId)));
  return row !== undefined;
}

/** The kinds of help she has a standing claim on, from `today` on, that is not done (none: she is not helping). */
export async function helpingWith(db: Db | Tx, planId: string, userId: string, today: string): Promise<CareCategory[]> {
  const rows = await db
    .selectDistinct({ category: careRequests.category })
    .from(careClaims)
    .innerJoin(careRequests, eq(careRequests.id, careClaims.requestId))
    .where(
      and(
        eq(careRequests.planId, planId),
        eq(careClaims.helperId, userId),
        helpStillToGive,
        gte(careClaims.day, today),
      ),
    );
  return rows.map((r) => r.category);
}

/** A claim with its request and plan, for the command that changes it. */
export async function careClaimById(
  db: Db | Tx,
  claimId: string,
): Promise<{ claim: CareClaimRow; request: CareRequestRow; plan: CarePlanRow } | undefined> {
  const [row] = await db
    .select({ claim: careClaims, request: careRequests, plan: carePlans })
    .from(careClaims)
    .innerJoin(careRequests, eq(careRequests.id, careClaims.requestId))
    .innerJoin(carePlans, eq(carePlans.id, careRequests.planId))
    .where(eq(careClaims.id, claimId));
  return row;
}

/**
 * Her care data for her export: her plan (settings, requests, who she let in, the claims on its dates; never its
 * link's secret), the plans she joined and the help she claimed as a helper.
 */
export async function careForExport(db: Db | Tx, me: string) {
  const [plan] = await db.select().from(carePlans).where(eq(carePlans.patientId, me));
  const [requests, circle, claims, joined, helped] = await Promise.all([
    plan ? db.select().from(careRequests).where(eq(careRequests.planId, plan.id)) : [],
    plan
      ? db
          .select({ userId: carePlanCircle.userId, via: carePlanCircle.via, addedAt: carePlanCircle.addedAt })
          .from(carePlanCircle)
          .where(eq(carePlanCircle.planId, plan.id))
      : [],
    plan
      ? db
          .select({ claim: careClaims })
          .from(careClaims)
          .innerJoin(careRequests, eq(careRequests.id, careClaims.requestId))
          .where(eq(careRequests.planId, plan.id))
      : [],
    db
      .select({ planId: carePlanCircle.planId, via: carePlanCircle.via, addedAt: carePlanCircle.addedAt })
      .from(carePlanCircle)
      .where(eq(carePlanCircle.userId, me)),
    db
      .select({
        requestTitle: careRequests.title,
        category: careRequests.category,
        day: careClaims.day,
        claimedAt: careClaims.claimedAt,
        unclaimedAt: careClaims.unclaimedAt,
        doneAt: careClaims.doneAt,
      })
      .from(careClaims)
      .innerJoin(careRequests, eq(careRequests.id, careClaims.requestId))
      .where(eq(careClaims.helperId, me)),
  ]);
  const { shareToken: _secret, ...settings } = plan ?? { shareToken: '' };
  return {
    carePlan: plan ? { ...settings, requests, circle, claims: claims.map((c) => c.claim) } : null,
    careCirclesJoined: joined,
    careHelpGiven: helped,
  };
}

/** A person as her circle lists them. */
export type CirclePerson = { userId: string; firstName: string; lastName: string; communityName: string | null };

/** Who is in her circle, and how they came in. */
export function careCircleOf(db: Db | Tx, planId: string): Promise<(CirclePerson & { via: 'link' | 'follower' })[]> {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      communityName: users.communityName,
      via: carePlanCircle.via,
    })
    .from(carePlanCircle)
    .innerJoin(users, eq(users.id, carePlanCircle.userId))
    .where(eq(carePlanCircle.planId, planId))
    .orderBy(asc(carePlanCircle.addedAt));
}

/** The signed-in followers of a campaign she owns or a fundraiser of hers: whom she may approve into her circle. */
export function followersOfPatient(db: Db | Tx, patientId: string): Promise<CirclePerson[]> {
  const hers = db
    .select({ id: campaigns.id })
    .from(campaigns)
    .leftJoin(fundraisers, eq(fundraisers.campaignId, campaigns.id))
    .where(or(eq(campaigns.ownerId, patientId), eq(fundraisers.ownerId, patientId)));
  return db
    .selectDistinct({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      communityName: users.communityName,
    })
    .from(campaignFollowers)
    .innerJoin(users, eq(users.id, campaignFollowers.userId))
    .where(
      and(inArray(campaignFollowers.campaignId, hers), isNotNull(campaignFollowers.userId), eq(users.status, 'active')),
    );
}
