/** First-party, cookieless analytics: a visitor is a daily-rotating salted hash, never an IP or cookie. */
import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { AnalyticsEvent } from '#shared/schemas/analytics.ts';
import type { Db } from '../db/client.ts';
import { analyticsEvents, analyticsSalts } from '../db/schema/index.ts';

export interface Visitor {
  ip: string;
  userAgent: string;
}

export interface AnalyticsService {
  record(event: AnalyticsEvent, visitor: Visitor): Promise<void>;
}

export function createAnalyticsService(db: Db, now: () => Date = () => new Date()): AnalyticsService {
  let today: { day: string; salt: string } | undefined;

  async function saltFor(day: string): Promise<string> {
    if (today?.day === day) return today.salt;
    // Every instance agrees on one salt per day: the first insert wins, the rest read it.
    await db
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString('hex') })
      .onConflictDoNothing();
    const [row] = await db.select().from(analyticsSalts).where(eq(analyticsSalts.day, day));
    const salt = row!.salt;
    // Yesterday's salt goes, so yesterday's hashes can no longer be linked to anyone.
    await db.delete(analyticsSalts).where(lt(analyticsSalts.day, day));
    today = { day, salt };
    return salt;
  }

  return {
    async record(event, visitor) {
      const day = now().toISOString().slice(0, 10);
      const salt = await saltFor(day);
      const visitorHash = createHash('sha256')
        .update(`${salt}|${visitor.ip}|${visitor.userAgent}`)
        .digest('hex')
        .slice(0, 32);
      const { name, path, ...props } = event;
      await db.insert(analyticsEvents).values({
        name,
        path,
        props: Object.keys(props).length > 0 ? props : null,
        visitorHash,
      });
    },
  };
}
