/**
 * The signed-in part of the top navigation: Share Your Story, the notifications bell, the avatar menu,
 * the mobile menu's account links and the unconfirmed-email reminder. Loaded only once someone is
 * signed in, so the public pages never download the menu code.
 */
import type { ComponentType, SVGProps } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'wouter';
import {
  BarChart3,
  Bell,
  BookOpen,
  CalendarHeart,
  ChevronDown,
  FileText,
  HandCoins,
  HeartHandshake,
  Landmark,
  LayoutDashboard,
  LogOut,
  MessageSquare,
  PenLine,
  Receipt,
  Settings,
  ClipboardList,
  Users,
} from 'lucide-react';
import { admits } from '#shared/auth/access.ts';
import { NOTIFICATIONS_POLL_MS, UNREAD_BADGE_MAX } from '#shared/constants.ts';
import type { CurrentUser } from '#shared/schemas/auth.ts';
import type { PagePath } from '#shared/routes.ts';
import { errorMessage } from '#client/lib/api.ts';
import { resendVerification } from '#client/api/auth.ts';
import { listNotifications, NOTIFICATIONS_KEY } from '#client/api/notifications.ts';
import { useSignOut } from '#client/hooks/use-sign-out.ts';
import { pageAccess } from '#client/routes.tsx';
import { buttonClass } from './ui/button.tsx';
import { toast } from './ui/toast.ts';
import { Avatar, roleLabel } from './avatar.tsx';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;
interface AccountLink {
  href: string;
  label: string;
  icon: Icon;
}

/** A dashboard's link, shown to whom `access` admits (the server checks every call again). */
type DashboardLink = AccountLink & { shown: (user: CurrentUser) => boolean };

/** An admin page's link: shown exactly when the page itself would let her in (its access in the page table). */
const adminLink = (href: PagePath, label: string, icon: Icon): DashboardLink => ({
  href,
  label,
  icon,
  shown: (user) => admits(pageAccess(href), user),
});

/**
 * The dashboards, in the spec's order. The doctor's and the patient's pages are declared for anyone signed in (each
 * answers the others itself), so their links follow the abilities the server sends; the admin pages' their access.
 */
const DASHBOARD_LINKS: DashboardLink[] = [
  {
    href: '/doctor-dashboard',
    label: 'Doctor Dashboard',
    icon: ClipboardList,
    shown: (u) => u.abilities.doctorDashboard,
  },
  // The campaign's owner is a patient; the page tells any other patient kindly that it is not theirs.
  { href: '/my-fundraiser', label: 'My Fundraiser', icon: HeartHandshake, shown: (u) => u.abilities.fundraiserPages },
  { href: '/my-expenses', label: 'Expenses', icon: Receipt, shown: (u) => u.abilities.fundraiserPages },
  { href: '/care-plan', label: 'My Care Plan', icon: CalendarHeart, shown: (u) => u.abilities.carePlan },
  adminLink('/admin-dashboard', 'Admin Dashboard', LayoutDashboard),
  adminLink('/admin-analytics', 'Analytics Dashboard', BarChart3),
  adminLink('/admin-stories', 'Story Management', FileText),
  adminLink('/admin-donations', 'Donation Management', HandCoins),
  adminLink('/admin-payments', 'Payments', Landmark),
  adminLink('/admin-users', 'User Management', Users),
];

/** The avatar menu's links for this user, in the spec's order (Sign Out is added by each menu). */
export function accountLinks(user: CurrentUser): { general: AccountLink[]; dashboards: AccountLink[] } {
  const general: AccountLink[] = [
    { href: '/my-stories', label: 'My Stories', icon: BookOpen },
    { href: '/notifications', label: 'Notifications', icon: Bell },
    { href: '/profile', label: 'Account Settings', icon: Settings },
    { href: '/contact', label: 'Contact', icon: MessageSquare },
  ];
  return { general, dashboards: DASHBOARD_LINKS.filter((link) => link.shown(user)) };
}

/** Unread notifications, polled every 30 s while this (signed-in) component is shown; 0 when unknown. */
function useUnreadCount(): number {
  const { data } = useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: () => listNotifications(),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    select: (answer) => answer.unreadCount,
  });
  return data ?? 0;
}

/** Signs out from a menu; a failure is told in a toast (the menu has no room for an alert). */
function useSignOutWithNotice() {
  const signOut = useSignOut();
  return {
    isPending: signOut.isPending,
    mutate: () =>
      signOut.mutate(undefined, {
        onError: (err) =>
          toast({
            title: 'Not Signed Out',
            description: errorMessage(err, 'We could not sign you out. Please try again.'),
            variant: 'destructive',
          }),
      }),
  };
}

const badgeText = (count: number) => (count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count));

/** The link's spoken name: "Notifications", or "Notifications, 9+ unread" (the badge's text, in words). */
const notificationsLabel = (count: number) =>
  count > 0 ? `Notifications, ${badgeText(count)} unread` : 'Notifications';

/** The visible count, hidden at 0; the link says it in words (notificationsLabel). */
function UnreadBadge({ count, className = '' }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="unread-badge"
      className={`min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs leading-5 font-semibold text-white ${className}`}
    >
      {badgeText(count)}
    </span>
  );
}

/**
 * The phone menu button's name and count: "Open menu, 3 unread notifications" and the badge, since on a phone the
 * bell of the desktop bar is out of sight until the menu opens.
 */
export function MenuButtonLabel({ label }: { label: string }) {
  const unread = useUnreadCount();
  const words = unread > 0 ? `, ${badgeText(unread)} unread notification${unread === 1 ? '' : 's'}` : '';
  return (
    <>
      <span className="sr-only">{`${label}${words}`}</span>
      <UnreadBadge count={unread} className="absolute -top-0.5 -right-1" />
    </>
  );
}

const ITEM =
  'flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900';

function MenuLink({ link }: { link: AccountLink }) {
  const Icon = link.icon;
  return (
    <DropdownMenu.Item asChild className={ITEM}>
      <Link href={link.href}>
        <Icon aria-hidden="true" className="h-4 w-4 text-brand-700" />
        {link.label}
      </Link>
    </DropdownMenu.Item>
  );
}

/** Desktop: Share Your Story, the bell, and the avatar menu. */
export function AccountNav({ user }: { user: CurrentUser }) {
  const unread = useUnreadCount();
  const signOut = useSignOutWithNotice();
  const { general, dashboards } = accountLinks(user);
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <div className="flex items-center gap-2">
      <Link href="/my-stories" className={buttonClass('primary', 'md', 'px-3 whitespace-nowrap xl:px-4')}>
        <PenLine aria-hidden="true" className="h-4 w-4" />
        {/* Icon-only below xl, where the bar with its four links is tight; the name is always there. */}
        <span className="sr-only xl:not-sr-only">Share Your Story</span>
      </Link>
      <Link href="/notifications" className="relative rounded-lg p-2 text-slate-700 hover:text-brand-800">
        <Bell aria-hidden="true" className="h-6 w-6" />
        <span className="sr-only">{notificationsLabel(unread)}</span>
        <UnreadBadge count={unread} className="absolute -top-0.5 -right-1" />
      </Link>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="flex items-center gap-1 rounded-full p-0.5 text-slate-700 hover:text-brand-800">
          <Avatar user={user} />
          <ChevronDown aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">Account menu for {name}</span>
        </DropdownMenu.Trigger>
        {/* Not portalled: the open menu stays inside the header's landmark. */}
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-60 rounded-xl border border-brand-100 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block font-semibold text-ink" data-testid="account-name">
              {name}
            </span>
            <span className="block text-sm text-slate-700" data-testid="account-role">
              {roleLabel(user)}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-brand-100" />
          {general.map((link) => (
            <MenuLink key={link.href} link={link} />
          ))}
          {dashboards.length > 0 && (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-brand-100" />
              <DropdownMenu.Group>
                {dashboards.map((link) => (
                  <MenuLink key={link.href} link={link} />
                ))}
              </DropdownMenu.Group>
            </>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-brand-100" />
          {/* Signing out is a POST made here, never a link's GET. */}
          <DropdownMenu.Item className={ITEM} disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
            <LogOut aria-hidden="true" className="h-4 w-4 text-brand-700" />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </div>
  );
}

/** Mobile: the same links, listed in the collapsible menu. */
export function MobileAccountNav({ user, onNavigate }: { user: CurrentUser; onNavigate: () => void }) {
  const unread = useUnreadCount();
  const signOut = useSignOutWithNotice();
  const { general, dashboards } = accountLinks(user);
  const linkClass =
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-800';
  const item = (link: AccountLink) => {
    const Icon = link.icon;
    const isNotifications = link.href === '/notifications';
    return (
      <li key={link.href}>
        <Link href={link.href} className={linkClass} onClick={onNavigate}>
          <Icon aria-hidden="true" className="h-4 w-4 text-brand-700" />
          {isNotifications ? (
            <>
              <span className="sr-only">{notificationsLabel(unread)}</span>
              <span aria-hidden="true">{link.label}</span>
              <UnreadBadge count={unread} />
            </>
          ) : (
            link.label
          )}
        </Link>
      </li>
    );
  };
  return (
    <div className="border-t border-brand-100 pt-3">
      <div className="flex items-center gap-3 px-3 pb-2">
        <Avatar user={user} />
        <p className="leading-tight">
          <span className="block font-semibold text-ink">
            {user.firstName} {user.lastName}
          </span>
          <span className="block text-sm text-slate-700">{roleLabel(user)}</span>
        </p>
      </div>
      <Link href="/my-stories" className={buttonClass('primary', 'md', 'my-2 w-full')} onClick={onNavigate}>
        <PenLine aria-hidden="true" className="h-4 w-4" />
        Share Your Story
      </Link>
      <ul aria-label="Your account" className="flex flex-col">
        {general.map(item)}
        {dashboards.map(item)}
      </ul>
      <button
        type="button"
        className={buttonClass('secondary', 'md', 'mt-2 w-full')}
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        <LogOut aria-hidden="true" className="h-4 w-4" />
        Sign Out
      </button>
    </div>
  );
}

/** A reminder for accounts whose email address is not confirmed yet, with a way to get a new link. */
export function VerifyEmailBanner({ user }: { user: CurrentUser }) {
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: (answer) => toast({ title: 'Confirmation Link Sent', description: answer.message }),
    onError: (err) =>
      toast({
        title: 'Could Not Send the Link',
        description: errorMessage(err, 'Please try again later.'),
        variant: 'destructive',
      }),
  });
  return (
    <div className="border-t border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm text-amber-950">
        <p>
          Please confirm your email address: we sent a link to <strong className="break-all">{user.email}</strong>.
        </p>
        <button
          type="button"
          className="rounded-md font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900 disabled:text-slate-600"
          disabled={resend.isPending}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? 'Sending...' : 'Resend link'}
        </button>
      </div>
    </div>
  );
}
