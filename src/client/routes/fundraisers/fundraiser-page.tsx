/**
 * /fundraisers/:slug: one patient's live (or closed) fundraiser: her story and images, its own progress from the
 * ledger, the planned cost groups against what was released, the supporters, and a way to give while it is live.
 * Rendered by the server with its four reads (decision 008).
 */
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { ArrowLeft, Heart } from 'lucide-react';
import { track } from '#client/lib/analytics.ts';
import { buttonClass } from '#client/components/ui/button.tsx';
import type { PublicFundraiser } from '#shared/schemas/public-fundraisers.ts';
import type { Ledger } from '#shared/schemas/spending.ts';
import {
  campaignLedgerQuery,
  campaignProgressQuery,
  campaignSupportersQuery,
  publicFundraiserQuery,
} from '#client/api/public-fundraisers.ts';
import { usePageQuery } from '#client/lib/page-query.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { usePageTitle } from '#client/lib/page-title.ts';
import { formatCents, formatDay } from '#client/lib/format.ts';
import { shownPercentOf } from '#client/hooks/use-progress.ts';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { ListLoadError } from '#client/components/ui/list-status.tsx';
import { MessageLink, MessagePage, PageFrame, PageStatus } from '#client/components/page-layout.tsx';
import { ProgressFigures } from '#client/components/progress-card.tsx';
import { SupportersWall } from '#client/components/recent-supporters.tsx';
import { LedgerTotals, Pending } from '#client/components/ledger-totals.tsx';
import { Releases } from '#client/components/ledger-lists.tsx';
import { StoryBody } from '../community/story-parts.tsx';
import { MedicallyReviewed } from './medically-reviewed.tsx';

/**
 * A call to give, counted as the flagship's are. Its own, not the flagship's DonateLink: sharing that one splits it
 * into a chunk of its own, which costs the home page more than these lines.
 */
function DonateLink({
  href,
  event,
  children,
}: {
  href: string;
  event: 'donate_click' | 'donate_button_click';
  children: ReactNode;
}) {
  return (
    <Link href={href} className={buttonClass('primary', 'lg', 'w-full')} onClick={() => track({ name: event })}>
      <Heart aria-hidden="true" className="h-5 w-5" />
      {children}
    </Link>
  );
}

/** Back to the list, or (from its donate page) to the fundraiser. */
export function BackLink({ href = '/fundraisers', label = 'All fundraisers' }: { href?: string; label?: string }) {
  return (
    <Link
      href={href}
      className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {label}
    </Link>
  );
}

/** Its own figures, from the same reads the server rendered with. */
export function Progress({ fundraiser }: { fundraiser: PublicFundraiser }) {
  const { data } = usePageQuery(campaignProgressQuery(fundraiser.slug));
  const goalCents = data?.goalCents ?? fundraiser.goalCents;
  const currentCents = data?.currentCents ?? 0;
  return (
    <ProgressFigures
      title="Fundraiser progress"
      progress={{
        goalCents,
        currentCents,
        donorCount: data?.donorCount ?? 0,
        loaded: Boolean(data),
        shownPercent: shownPercentOf(currentCents, goalCents),
      }}
      note={data ? (data.donorCount === 1 ? '1 gift recorded' : `${data.donorCount} gifts recorded`) : undefined}
    />
  );
}

/** The plan, group by group, against what the ledger says was released for each. */
function WhereTheMoneyGoes({
  fundraiser,
  ledger,
  failed,
}: {
  fundraiser: PublicFundraiser;
  ledger?: Ledger;
  failed: boolean;
}) {
  return (
    <Card aria-labelledby="costs-title">
      <CardTitle id="costs-title">Where the money goes</CardTitle>
      <ul className="mt-4 divide-y divide-brand-100">
        {fundraiser.costGroups.map((g) => {
          const released = ledger?.groups.find((l) => l.key === g.key)?.releasedCents ?? 0;
          return (
            <li key={g.key} className="py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                <p className="font-medium text-ink">{g.label}</p>
                <p className="font-semibold text-brand-800">{formatCents(g.amountCents)}</p>
              </div>
              {g.note && <p className="text-sm break-words text-slate-700">{g.note}</p>}
              <p className="mt-1 text-sm font-medium text-emerald-800" data-testid={`released-${g.key}`}>
                {ledger ? (
                  `${formatCents(released)} released so far`
                ) : (
                  <Pending what="the amount released" failed={failed} />
                )}
              </p>
            </li>
          );
        })}
      </ul>
      {fundraiser.payee && (
        <p className="mt-4 text-sm text-slate-700" data-testid="payee">
          Money is released only against verified expenses and paid to{' '}
          <span className="font-semibold">{fundraiser.payee.name}</span>
          {fundraiser.payee.kind === 'care_provider'
            ? ', the care provider.'
            : `, ${fundraiser.organiserFirstName} herself.`}
        </p>
      )}
      <h3 className="mt-6 font-semibold text-ink">The ledger</h3>
      <LedgerTotals ledger={ledger} failed={failed} />
      <h3 className="mt-6 font-semibold text-ink">Released expenses</h3>
      {ledger && <Releases ledger={ledger} />}
    </Card>
  );
}

/** The owner's dated updates, newest first, as the server rendered them. */
function Updates({ fundraiser }: { fundraiser: PublicFundraiser }) {
  return (
    <section aria-labelledby="updates-title">
      <h2 id="updates-title" className="text-2xl font-semibold text-ink">
        Updates
      </h2>
      <ol className="mt-4 space-y-6">
        {fundraiser.updates.map((u) => (
          <li key={u.id}>
            <article aria-labelledby={`update-${u.id}`} className="rounded-2xl border border-brand-100 bg-white p-4">
              <p className="text-sm text-slate-600">
                <time dateTime={u.postedAt}>{formatDay(u.postedAt.slice(0, 10), 'long')}</time>
              </p>
              <h3 id={`update-${u.id}`} className="mt-1 text-lg font-semibold break-words text-ink">
                {u.title}
              </h3>
              {u.paragraphs.map((p, i) => (
                <p key={i} className="mt-2 break-words text-slate-800">
                  {p}
                </p>
              ))}
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Fundraiser({ fundraiser: f }: { fundraiser: PublicFundraiser }) {
  const { product } = useCampaign();
  usePageTitle(`${f.title} | ${product.name}`);
  const supporters = usePageQuery(campaignSupportersQuery(f.slug));
  const ledger = usePageQuery(campaignLedgerQuery(f.slug));
  const live = f.status === 'live';
  const donatePage = `/fundraisers/${encodeURIComponent(f.slug)}/donate`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <BackLink />
      <article aria-labelledby="fundraiser-title" className="mt-6 space-y-8">
        <header>
          {!live && (
            <p className="mb-3 inline-block rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-800">
              Closed: this fundraiser takes no new gifts
            </p>
          )}
          <h1
            id="fundraiser-title"
            className="text-3xl leading-tight font-bold tracking-tight break-words text-ink sm:text-4xl"
          >
            {f.title}
          </h1>
          <p className="mt-3 text-slate-700">
            Organised by {f.organiserFirstName}
            {f.neededBy && (
              <>
                {' '}
                · Treatment planned <time dateTime={f.neededBy}>{formatDay(f.neededBy, 'long')}</time>
              </>
            )}
          </p>
          <MedicallyReviewed review={f.medicalReview} />
        </header>
        {f.images.length > 0 && (
          <div className="grid gap-3 sm:grid-cols-2">
            {f.images.map((image) => (
              <img
                key={image.url}
                src={image.url}
                alt={image.alt}
                width={800}
                height={600}
                className="aspect-[4/3] h-auto w-full rounded-2xl border border-brand-100 bg-brand-50 object-contain"
              />
            ))}
          </div>
        )}
        <div className="grid gap-4">
          <Progress fundraiser={f} />
          {live && (
            <DonateLink href={donatePage} event="donate_click">
              Donate
            </DonateLink>
          )}
        </div>
        <section aria-labelledby="story-title">
          <h2 id="story-title" className="text-2xl font-semibold text-ink">
            {f.organiserFirstName}’s story
          </h2>
          <div className="mt-4">
            <StoryBody html={f.storyHtml} testId="fundraiser-story" />
          </div>
        </section>
        {f.updates.length > 0 && <Updates fundraiser={f} />}
        <WhereTheMoneyGoes fundraiser={f} ledger={ledger.data ?? undefined} failed={Boolean(ledger.error)} />
        <SupportersWall
          data={supporters.data ?? undefined}
          isError={Boolean(supporters.error)}
          patientName={f.organiserFirstName}
        >
          {live && (
            <DonateLink href={donatePage} event="donate_button_click">
              Donate
            </DonateLink>
          )}
        </SupportersWall>
      </article>
    </div>
  );
}

function NotFound() {
  return (
    <MessagePage
      title="Fundraiser not found"
      actions={<MessageLink href="/fundraisers">See live fundraisers</MessageLink>}
    >
      This fundraiser does not exist or is not public.
    </MessagePage>
  );
}

/** The live or closed fundraiser at this page's address, rendered by `render`; else not found, a load error or loading. */
export function FundraiserLoader({ render }: { render: (fundraiser: PublicFundraiser) => ReactNode }) {
  const { slug = '' } = useParams<{ slug: string }>();
  const fundraiser = usePageQuery(publicFundraiserQuery(slug));
  if (fundraiser.data) return render(fundraiser.data);
  if (fundraiser.data === null) return <NotFound />;
  if (fundraiser.error)
    return (
      <PageFrame title="Fundraiser" width="3xl">
        <ListLoadError what="fundraiser" error={fundraiser.error} onRetry={() => void fundraiser.refetch()} />
      </PageFrame>
    );
  return <PageStatus>Loading the fundraiser…</PageStatus>;
}

export default function FundraiserPage() {
  return <FundraiserLoader render={(fundraiser) => <Fundraiser fundraiser={fundraiser} />} />;
}
