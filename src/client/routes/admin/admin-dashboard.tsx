/** /admin-dashboard (Admin Dashboard): the day's figures and the size of each queue, for admins of level moderator or above. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import {
  ArrowRight,
  ChartColumn,
  Clock,
  FileText,
  HandHeart,
  Landmark,
  History,
  Inbox,
  MailWarning,
  Megaphone,
  Receipt,
  Stethoscope,
  TrendingUp,
  TriangleAlert,
  Users,
  Wallet,
} from 'lucide-react';
import { admits } from '#shared/auth/access.ts';
import type { PlaceholderDetail } from '#shared/placeholders.ts';
import type { DashboardFigures, DashboardMoney } from '#shared/schemas/admin-dashboard.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import type { PagePath } from '#shared/routes.ts';
import { UNMATCHED_WARNING_HOURS } from '#shared/schemas/payments.ts';
import { FundraisersMoney } from './fundraisers-money.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { formatCents } from '#client/lib/format.ts';
import { DASHBOARD_KEY, getDashboard } from '#client/api/admin-dashboard.ts';
import { overviewQuery } from '#client/api/payments.ts';
import { usePageUser } from '#client/page-access.tsx';
import { pageAccess } from '#client/routes.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { PageStatus } from '#client/components/page-status.tsx';

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "3 days old", "5 hours old", "less than an hour old". */
export function ageOf(iso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return 'less than an hour old';
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${plural(hours, 'hour')} old`;
  return `${plural(Math.floor(hours / 24), 'day')} old`;
}

interface Figure {
  id: string;
  label: string;
  value: string;
  icon: ReactNode;
  note?: string;
  link?: { href: string; text: string };
}

const icon = (Icon: typeof Wallet) => <Icon aria-hidden="true" className="h-5 w-5 text-brand-700" />;

/** Managers and above get money figures; a moderator's answer has none. */
const hasMoney = (d: DashboardFigures): d is DashboardFigures & DashboardMoney => d.totalRaisedCents !== undefined;

function moneyFiguresOf(d: DashboardMoney): Figure[] {
  return [
    {
      id: 'today',
      label: 'Raised today',
      value: formatCents(d.todayRaisedCents),
      icon: icon(TrendingUp),
      link: { href: '/admin-donations', text: 'Manage donations' },
    },
    {
      id: 'total',
      label: 'Total raised',
      value: formatCents(d.totalRaisedCents),
      icon: icon(Wallet),
      link: { href: '/admin-donations', text: 'Manage donations' },
    },
    {
      id: 'donors',
      label: 'Donors',
      value: String(d.donorCount),
      icon: icon(Users),
      // People, not gifts: how they are told apart, said where the figure is.
      note: 'each email address once; each gift without one counts as one donor',
    },
    {
      id: 'intents',
      label: 'Open intents',
      value: String(d.openIntents),
      icon: icon(Clock),
      note: d.oldestOpenIntentAt ? `oldest ${ageOf(d.oldestOpenIntentAt)}` : 'none waiting',
      link: { href: '/admin-donations', text: 'Work the intents' },
    },
  ];
}

function figuresOf(d: DashboardFigures, mailOpen: boolean): Figure[] {
  return [
    ...(hasMoney(d) ? moneyFiguresOf(d) : []),
    {
      id: 'stories',
      label: 'Stories waiting for review',
      value: String(d.pendingStories),
      icon: icon(FileText),
      note: d.oldestPendingStoryAt ? `oldest ${ageOf(d.oldestPendingStoryAt)}` : 'none waiting',
      link: { href: '/admin-stories', text: 'Review stories' },
    },
    {
      id: 'doctors',
      label: 'Pending doctor verifications',
      value: String(d.pendingDoctorVerifications),
      icon: icon(Stethoscope),
      link: { href: '/admin-doctors', text: 'Review doctors' },
    },
    {
      id: 'messages',
      label: 'New contact messages',
      value: String(d.newContactMessages),
      icon: icon(Inbox),
      link: { href: '/admin-contact', text: 'Open the contact inbox' },
    },
    {
      id: 'mail',
      label: 'Mail not delivered',
      value: String(d.failedMail),
      icon: icon(MailWarning),
      note: d.failedMail > 0 ? 'the mail server refused it for a day' : 'all mail delivered',
      // Mail is the operator's: only super admins open the list (the page and the server check again).
      ...(mailOpen ? { link: { href: '/admin-mail', text: 'See undelivered mail' } } : {}),
    },
  ];
}

function FigureCard({ figure }: { figure: Figure }) {
  const titleId = `figure-${figure.id}-label`;
  return (
    <li className="flex flex-col rounded-2xl border border-brand-100 bg-white p-6 shadow-sm">
      <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold text-slate-700">
        {figure.icon}
        {figure.label}
      </h2>
      <p className="mt-2 text-3xl font-bold text-brand-800" data-testid={`figure-${figure.id}`}>
        {figure.value}
      </p>
      {figure.note && (
        <p className="mt-1 text-sm text-slate-600" data-testid={`figure-${figure.id}-note`}>
          {figure.note}
        </p>
      )}
      {figure.link && (
        <Link
          href={figure.link.href}
          className="mt-4 inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-brand-800 underline hover:text-brand-900"
        >
          {figure.link.text}
          <span className="sr-only"> ({figure.label})</span>
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      )}
    </li>
  );
}

/** A link to another admin page, with what it is for. */
interface PageLink {
  href: PagePath;
  title: string;
  text: string;
  Icon: typeof Wallet;
}

/** Money in: the processors, the reconciliation inbox and statement imports (managers and above). */
const MONEY_IN: PageLink[] = [
  {
    href: '/admin-payments',
    title: 'Payments',
    text: 'See what the payment processors sent, match the payments waiting in the inbox, and import statements.',
    Icon: Landmark,
  },
];

/** Payments nobody matched for too long: said at the top, with the way to the inbox (managers only). */
function UnmatchedWarning({ count }: { count: number }) {
  return (
    <section
      aria-labelledby="unmatched-title"
      className="mt-8 rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950"
      data-testid="unmatched-warning"
    >
      <h2 id="unmatched-title" className="flex items-center gap-2 text-xl font-semibold">
        <TriangleAlert aria-hidden="true" className="h-5 w-5" />
        {count === 1 ? '1 payment has' : `${count} payments have`} waited unmatched for more than{' '}
        {UNMATCHED_WARNING_HOURS} hours
      </h2>
      <Link
        href="/admin-payments"
        className="mt-3 inline-flex items-center gap-1 rounded font-semibold text-amber-950 underline"
      >
        Match them on the Payments page
        <ArrowRight aria-hidden="true" className="h-4 w-4" />
      </Link>
    </section>
  );
}

/** Money out: the expense queue and refund requests (managers and above; the page checks again). */
const SPENDING: PageLink[] = [
  {
    href: '/admin-expenses',
    title: 'Expense Approvals',
    text: "Approve, hold and release the campaign's expenses against their documents, and answer refund requests.",
    Icon: Receipt,
  },
  {
    href: '/admin-fundraisers',
    title: 'Fundraiser Reviews',
    text: 'Read patients’ applications for their own fundraisers with their documents, and approve, send back or refuse them.',
    Icon: HandHeart,
  },
];

/** Reports for managers and above (the pages check the level again, and the server every call). */
const REPORTS: PageLink[] = [
  {
    href: '/admin-analytics',
    title: 'Analytics',
    text: 'Page views, visitors, the donation funnel and donations over time.',
    Icon: ChartColumn,
  },
  {
    href: '/admin-audit-log',
    title: 'Audit Log',
    text: 'Every change made by an administrator, with what it was before and after.',
    Icon: History,
  },
];

/** The campaign's content (super admins; the page checks again). */
const CAMPAIGN: PageLink[] = [
  {
    href: '/admin-campaign',
    title: 'Campaign Editor',
    text: 'Edit the story page, post dated updates to followers, set the owner, and publish or restore versions.',
    Icon: Megaphone,
  },
];

const LINK_CARD = 'rounded-2xl border border-brand-100 bg-white p-6 shadow-sm';

function PageLinkBody({ link: { href, title, text, Icon } }: { link: PageLink }) {
  return (
    <>
      <Link
        href={href}
        className="inline-flex items-center gap-2 rounded text-base font-semibold text-brand-800 underline hover:text-brand-900"
      >
        <Icon aria-hidden="true" className="h-5 w-5" />
        {title}
      </Link>
      <p className="mt-1 text-sm text-slate-700">{text}</p>
    </>
  );
}

/** Whether the page at `path` lets this admin in: its access in the page table, as its gate reads it. */
const opens = (path: PagePath, user: CurrentUser) => admits(pageAccess(path), user);

/** A titled group of links to the pages that let `user` in: one card, or a grid of them; nothing when none do. */
function LinkSection({ id, title, links, user }: { id: string; title: string; links: PageLink[]; user: CurrentUser }) {
  const open = links.filter((link) => opens(link.href, user));
  const [only] = open;
  if (!only) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      {open.length === 1 ? (
        <div className={`mt-4 ${LINK_CARD}`}>
          <PageLinkBody link={only} />
        </div>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {open.map((link) => (
            <li key={link.href} className={LINK_CARD}>
              <PageLinkBody link={link} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The seed's example details still in the campaign (src/shared/example-content.ts): each must be replaced. */
function NotReadyChecklist({ details, canEdit }: { details: PlaceholderDetail[]; canEdit: boolean }) {
  return (
    <section
      aria-labelledby="not-ready-title"
      className="mt-8 rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950"
    >
      <h2 id="not-ready-title" className="flex items-center gap-2 text-xl font-semibold">
        <TriangleAlert aria-hidden="true" className="h-5 w-5" />
        Not ready to take gifts
      </h2>
      <p className="mt-2">
        These campaign details are still the examples the site came with: gifts sent with their ways to give would go
        nowhere, and their claims, names, figures and contacts are invented. The live site leaves out each claim,
        contact and way to give, and says the story is an example. Replace each of them:
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-6">
        {details.map((d) => (
          <li key={d.field}>
            <span className="font-semibold">{d.field}</span>:{' '}
            <span className="[overflow-wrap:anywhere]">{d.value}</span>
          </li>
        ))}
      </ul>
      {canEdit ? (
        <Link
          href="/admin-campaign"
          className="mt-4 inline-flex items-center gap-1 rounded font-semibold text-amber-950 underline"
        >
          Replace them in the campaign editor
          <ArrowRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : (
        <p className="mt-3 text-sm">A super admin can replace them in the campaign editor.</p>
      )}
    </section>
  );
}

export default function AdminDashboardPage() {
  const user = usePageUser();
  const figures = useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: getDashboard,
    gcTime: 0,
  });
  // Only those the Payments page lets in (managers) may read the payments; a failure here leaves the warning out,
  // the dashboard stands.
  const paymentsOpen = opens('/admin-payments', user);
  const payments = useQuery({ ...overviewQuery(), enabled: paymentsOpen, gcTime: 0 });
  const unmatched = payments.data?.inbox.olderThanTwoDays ?? 0;
  let body: ReactNode;
  if (figures.data) {
    body = (
      <>
        {figures.data.notReady.length > 0 && (
          <NotReadyChecklist details={figures.data.notReady} canEdit={opens('/admin-campaign', user)} />
        )}
        <ul aria-label="Figures and queues" className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {figuresOf(figures.data, opens('/admin-mail', user)).map((f) => (
            <FigureCard key={f.id} figure={f} />
          ))}
        </ul>
        {hasMoney(figures.data) && <FundraisersMoney fundraisers={figures.data.fundraisers} />}
      </>
    );
  } else if (figures.error) {
    body = (
      <div role="alert" className="mt-8 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900">
        <p>Could not load the dashboard: {errorMessage(figures.error, 'Please try again.')}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void figures.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    body = <PageStatus>Loading the dashboard…</PageStatus>;
  }
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Admin Dashboard</h1>
      <p className="mt-2 text-slate-700">Today&apos;s figures and what is waiting for you.</p>
      {paymentsOpen && unmatched > 0 && <UnmatchedWarning count={unmatched} />}
      {body}
      <LinkSection id="money-in" title="Money in" links={MONEY_IN} user={user} />
      <LinkSection id="spending" title="Spending" links={SPENDING} user={user} />
      <LinkSection id="reports" title="Reports" links={REPORTS} user={user} />
      <LinkSection id="campaign" title="Campaign" links={CAMPAIGN} user={user} />
    </div>
  );
}
