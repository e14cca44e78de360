/**
 * Top navigation with a collapsible mobile menu that repeats it. Signed out (and until the current-user
 * answer arrives, so hydration matches the prerendered HTML) it offers Join Community; signed in, the
 * account part (account-nav.tsx) is loaded on demand, keeping it out of the public pages' first script.
 */
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { HeartHandshake, Menu, X } from 'lucide-react';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import * as auth from '#shared/contract/auth.ts';
import { urlOf } from '#client/lib/api.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { buttonClass } from './ui/button.tsx';

const loadAccountNav = () => import('./account-nav.tsx');
/** A navigation, not a fetch: the server decides where sign-in lives. */
const SIGN_IN = urlOf(auth.signInLink);
const AccountNav = lazy(() => loadAccountNav().then((m) => ({ default: m.AccountNav })));
const MobileAccountNav = lazy(() => loadAccountNav().then((m) => ({ default: m.MobileAccountNav })));
const VerifyEmailBanner = lazy(() => loadAccountNav().then((m) => ({ default: m.VerifyEmailBanner })));
const MenuButtonLabel = lazy(() => loadAccountNav().then((m) => ({ default: m.MenuButtonLabel })));

const LINKS = [
  // The spec sends Stories to /; the community's stories now have their own list (the brand link still goes home).
  { href: '/stories', label: 'Stories' },
  // Patients' own fundraisers, next to their stories (they were reachable only from the footer).
  { href: '/fundraisers', label: 'Fundraisers' },
  // Both menus send Find Doctors to the directory (the original's mobile menu did not).
  { href: '/find-doctors', label: 'Find Doctors' },
  { href: '/how-it-works', label: 'How It Works' },
] as const;

export function TopNav() {
  const { product } = useCampaign();
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const { user } = useCurrentUser();
  const menuWords = open ? 'Close menu' : 'Open menu';
  const menuLabel = <span className="sr-only">{menuWords}</span>;
  const linkClass = (href: string) =>
    `rounded-lg p-2 text-sm font-medium whitespace-nowrap lg:px-3 ${location === href ? 'text-brand-800' : 'text-slate-700 hover:text-brand-800'}`;

  return (
    <header className="sticky top-0 z-40 border-b border-brand-100 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link href="/" className="flex items-center gap-2">
          <HeartHandshake aria-hidden="true" className="h-8 w-8 text-brand-700" />
          <span className="flex flex-col leading-tight">
            <span className="text-lg font-bold whitespace-nowrap text-ink">{product.name}</span>
            {/* Only on wide screens: beside the four links of a tablet's bar it would squeeze them. */}
            <span className="hidden text-xs text-slate-600 lg:block">{product.tagline}</span>
          </span>
        </Link>
        <ul className="hidden items-center md:flex">
          {LINKS.map((l) => (
            <li key={l.href}>
              <Link href={l.href} className={linkClass(l.href)} aria-current={location === l.href ? 'page' : undefined}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="hidden md:block">
          {user ? (
            <Suspense fallback={null}>
              <AccountNav user={user} />
            </Suspense>
          ) : (
            <a href={SIGN_IN} className={buttonClass('primary')}>
              Join Community
            </a>
          )}
        </div>
        {/* Signed in, it carries the unread count (the bell is inside the menu on a phone), in its name too. */}
        <button
          type="button"
          className="relative rounded-lg p-2 text-slate-700 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
          {user ? (
            <Suspense fallback={menuLabel}>
              <MenuButtonLabel label={menuWords} />
            </Suspense>
          ) : (
            menuLabel
          )}
        </button>
      </nav>
      {open && (
        <div id="mobile-menu" className="border-t border-brand-100 bg-white px-4 pb-4 md:hidden">
          <ul className="flex flex-col py-2">
            {LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className={`block ${linkClass(l.href)}`} onClick={() => setOpen(false)}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          {user ? (
            <Suspense fallback={null}>
              <MobileAccountNav user={user} onNavigate={() => setOpen(false)} />
            </Suspense>
          ) : (
            <a href={SIGN_IN} className={buttonClass('primary', 'md', 'w-full')}>
              Join Community
            </a>
          )}
        </div>
      )}
      {user && !user.emailVerified && (
        <Suspense fallback={null}>
          <VerifyEmailBanner user={user} />
        </Suspense>
      )}
    </header>
  );
}
