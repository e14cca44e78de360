/**
 * The client's route table, keyed by the page table's paths (src/shared/routes.ts, which says how each page renders
 * and who may open it): how each page's code loads (split per page), its head tags, and for pages that need a
 * signed-in person, how a signed-out visitor is asked to sign in. A path missing on either side fails typecheck.
 */
import { use, type ComponentType, type ReactNode } from 'react';
import type { CampaignContent } from '#shared/schemas/campaign.ts';
import { PAGES, pathMatches, type PageAccess, type PagePath } from '#shared/routes.ts';

export interface PageHead {
  title: string;
  description: string;
  keywords?: string[];
}

type PageModule = { default: ComponentType };

/**
 * How a signed-out visitor is asked to sign in: 'redirect' sends her to /login at once (the account pages);
 * otherwise a page with this title and text and a Sign in link. `checking` is said while the session is looked up.
 */
export type SignInView = 'redirect' | { title: string; text: string; checking?: string };

export interface PageRoute {
  path: PagePath | '*';
  access: PageAccess;
  signIn?: SignInView;
  load: () => Promise<PageModule>;
  head: (content: CampaignContent, siteUrl: string) => PageHead;
}

/** A table entry: pages open to any signed-in person must say how a signed-out visitor is asked to sign in. */
type RouteOf<P extends PagePath> = Pick<PageRoute, 'load' | 'head'> &
  ((typeof PAGES)[P]['access'] extends 'user' ? { signIn: SignInView } : { signIn?: never });

const legal = (title: string, description: string) => (c: CampaignContent) => ({
  title: `${title} | ${c.product.name}`,
  description: description.replace('{product}', c.product.name),
});

export const PAGE_ROUTES: { readonly [P in PagePath]: RouteOf<P> } = {
  '/': {
    load: () => import('./routes/public/campaign-page.tsx'),
    head: (c) => ({
      title: c.seo.title,
      description: c.seo.description,
      keywords: c.seo.keywords,
    }),
  },
  '/donate': {
    load: () => import('./routes/public/donate-page.tsx'),
    head: (c) => ({ title: c.seo.donateTitle, description: c.seo.donateDescription, keywords: c.seo.keywords }),
  },
  '/how-it-works': {
    load: () => import('./routes/public/how-it-works.tsx'),
    head: legal(
      'How It Works',
      'How {product} works: share your story, receive support, and access care with verified spending.',
    ),
  },
  '/contact': {
    load: () => import('./routes/public/contact-page.tsx'),
    head: legal('Contact Us', 'Write to the {product} team about the fundraiser, a donation or the community.'),
  },
  '/privacy-policy': {
    load: () => import('./routes/public/privacy-policy.tsx'),
    head: legal('Privacy Policy', 'What {product} collects, why, who sees it, and your rights.'),
  },
  '/terms-of-service': {
    load: () => import('./routes/public/terms-of-service.tsx'),
    head: legal(
      'Terms of Service',
      'The terms for using {product}, including eligibility, donations and community conduct.',
    ),
  },
  '/medical-disclaimer': {
    load: () => import('./routes/public/medical-disclaimer.tsx'),
    head: legal('Medical Disclaimer', 'Content on {product} is support and information, not medical advice.'),
  },
  '/donor-agreement': {
    load: () => import('./routes/public/donor-agreement.tsx'),
    head: legal(
      'Donor Agreement',
      'How donations to {product} are held, released against verified expenses, and refunded.',
    ),
  },
  '/transparency': {
    load: () => import('./routes/public/transparency-page.tsx'),
    head: legal(
      'Where Every Dollar Goes',
      'How donations to {product} are held and released only against verified expenses, with the live ledger of what was raised, held, released and refunded.',
    ),
  },
  // Public, but a form that only works in the browser (the human check runs there).
  '/refund-request': {
    load: () => import('./routes/public/refund-request-page.tsx'),
    head: legal(
      'Ask for a Refund',
      'Ask for a refund of a donation to {product} that has not yet been released against a verified expense.',
    ),
  },
  // Account pages: rendered in the browser only (served the app shell), never indexed.
  '/get-started': {
    load: () => import('./routes/account/get-started.tsx'),
    head: legal('Get Started', 'Join the {product} community as a patient, a medical professional or a supporter.'),
  },
  '/register': {
    load: () => import('./routes/account/register.tsx'),
    head: legal('Create Your Account', 'Create your {product} account.'),
  },
  '/login': {
    load: () => import('./routes/account/login.tsx'),
    head: legal('Sign In', 'Sign in to your {product} account.'),
  },
  '/logout': {
    load: () => import('./routes/account/logout.tsx'),
    head: legal('Sign Out', 'Sign out of your {product} account.'),
  },
  '/forgot-password': {
    load: () => import('./routes/account/forgot-password.tsx'),
    head: legal('Forgot Password', 'Get a link to reset your {product} password.'),
  },
  '/reset-password': {
    load: () => import('./routes/account/reset-password.tsx'),
    head: legal('Reset Password', 'Choose a new password for your {product} account.'),
  },
  '/verify-email': {
    load: () => import('./routes/account/verify-email.tsx'),
    head: legal('Confirm Your Email', 'Confirm the email address of your {product} account.'),
  },
  '/confirm-updates': {
    load: () => import('./routes/account/confirm-updates.tsx'),
    head: legal('Confirm Updates', 'Get {product} updates by email.'),
  },
  '/unsubscribe': {
    load: () => import('./routes/account/unsubscribe.tsx'),
    head: legal('Stop Email Updates', 'Stop {product} updates by email.'),
  },
  '/onboarding': {
    load: () => import('./routes/account/onboarding.tsx'),
    head: legal('Set Up Your Profile', 'Tell the {product} community about yourself.'),
    signIn: 'redirect',
  },
  '/profile': {
    load: () => import('./routes/account/profile.tsx'),
    head: legal('Account Settings', 'Manage your {product} profile, password, sessions and data.'),
    signIn: 'redirect',
  },
  '/notifications': {
    load: () => import('./routes/account/notifications.tsx'),
    head: legal('Notifications', 'Your {product} notifications.'),
    signIn: 'redirect',
  },
  // Stories: public but live data, and the author's own pages; browser-rendered like the account pages.
  '/stories': {
    load: () => import('./routes/community/stories-list.tsx'),
    head: legal('Stories', 'Stories shared by the {product} community, read by a moderator before they appear.'),
  },
  '/stories/:id': {
    load: () => import('./routes/community/story-detail.tsx'),
    head: legal('Story', 'A story shared by the {product} community, with words of support.'),
  },
  '/my-stories': {
    load: () => import('./routes/community/my-stories.tsx'),
    head: legal('My Stories', 'Write your story, follow its review and choose whether it is public on {product}.'),
    signIn: {
      title: 'My Stories',
      text: 'Sign in to write your story, follow its review and choose whether it is shown publicly.',
    },
  },
  '/my-stories/new': {
    load: () => import('./routes/community/story-editor.tsx'),
    head: legal('Write Your Story', 'Write your story for the {product} community.'),
    signIn: { title: 'Write Your Story', text: 'Sign in to write your story.' },
  },
  '/my-stories/:id/edit': {
    load: () => import('./routes/community/story-editor.tsx'),
    head: legal('Edit Your Story', 'Edit your story on {product}.'),
    signIn: { title: 'Edit Your Story', text: 'Sign in to write your story.' },
  },
  // Admin pages: browser only like the account pages; the server checks every admin call.
  '/admin': {
    load: () => import('./routes/admin/admin-home.tsx'),
    head: legal('Admin', 'The {product} administration area.'),
  },
  '/admin-donations': {
    load: () => import('./routes/admin/admin-donations.tsx'),
    head: legal('Donation Management', 'Record external donations and work the donation intents of {product}.'),
  },
  '/admin-dashboard': {
    load: () => import('./routes/admin/admin-dashboard.tsx'),
    head: legal('Admin Dashboard', "The day's figures and waiting queues of {product}."),
  },
  '/admin-contact': {
    load: () => import('./routes/admin/admin-contact.tsx'),
    head: legal('Contact Inbox', 'Messages sent to the {product} team through the contact page.'),
  },
  '/admin-analytics': {
    load: () => import('./routes/admin/admin-analytics.tsx'),
    head: legal('Analytics', 'Page views, visitors and the donation funnel of {product}.'),
  },
  '/admin-audit-log': {
    load: () => import('./routes/admin/admin-audit-log.tsx'),
    head: legal('Audit Log', 'Every change made by the administrators of {product}.'),
  },
  '/admin-users': {
    load: () => import('./routes/admin/admin-users.tsx'),
    head: legal('User Management', 'Search and manage the accounts of {product}.'),
  },
  '/admin-stories': {
    load: () => import('./routes/admin/admin-stories.tsx'),
    head: legal('Story Management', 'Review the stories and words of support of {product}.'),
  },
  '/admin-doctors': {
    load: () => import('./routes/admin/admin-doctors.tsx'),
    head: legal('Doctor Verification', 'Check the license details of doctors joining {product} and verify them.'),
  },
  '/admin-campaign': {
    load: () => import('./routes/admin/admin-campaign.tsx'),
    head: legal(
      'Campaign Editor',
      'Edit, preview and publish the campaign of {product}, post dated updates, and restore earlier versions.',
    ),
  },
  '/admin-expenses': {
    load: () => import('./routes/admin/admin-expenses.tsx'),
    head: legal(
      'Expense Approvals',
      'Approve, hold, reject and release the expenses of {product}, and answer refund requests.',
    ),
  },
  // Spending: the campaign owner's expenses, browser-rendered like the account pages.
  '/my-expenses': {
    load: () => import('./routes/spending/my-expenses.tsx'),
    head: legal('Expenses', "Submit the campaign's expenses on {product} and follow their approval and payment."),
    signIn: {
      title: 'Expenses',
      text: "Sign in to submit the campaign's expenses and follow their approval and payment.",
    },
  },
  '/my-expenses/new': {
    load: () => import('./routes/spending/expense-form.tsx'),
    head: legal('Submit an Expense', 'Submit an expense with its invoice or receipt on {product}.'),
    signIn: { title: 'Submit an Expense', text: 'Sign in to submit an expense for the campaign.' },
  },
  // Doctors: the directory and profiles are public but read live data, so they are browser-rendered too.
  '/find-doctors': {
    load: () => import('./routes/community/find-doctors.tsx'),
    head: legal(
      'Find Doctors',
      'Find verified doctors of the {product} community by specialty, area of expertise and consultation type.',
    ),
  },
  '/doctors/:id': {
    load: () => import('./routes/community/doctor-profile.tsx'),
    head: legal('Doctor Profile', 'A verified doctor of the {product} community.'),
  },
  '/doctor-dashboard': {
    load: () => import('./routes/community/doctor-dashboard.tsx'),
    head: legal('Doctor Dashboard', 'Your verification and the stories asking for professional input on {product}.'),
    signIn: {
      title: 'Please sign in',
      text: 'The doctor dashboard is for the medical professionals of our community.',
      checking: 'Checking your access…',
    },
  },
};

/** Every page with its path and access, in the page table's order (what the router and matchPage walk). */
export const PAGE_LIST: readonly PageRoute[] = (Object.keys(PAGES) as PagePath[]).map((path) => ({
  path,
  access: PAGES[path].access,
  ...PAGE_ROUTES[path],
}));

export const NOT_FOUND_ROUTE: PageRoute = {
  path: '*',
  access: 'public',
  load: () => import('./routes/not-found.tsx'),
  head: (c) => ({ title: `404 Page Not Found | ${c.product.name}`, description: 'This page does not exist.' }),
};

export function matchPage(pathname: string): PageRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return PAGE_LIST.find((r) => pathMatches(r.path, path)) ?? NOT_FOUND_ROUTE;
}

const loaded = new Map<PageRoute, ComponentType>();
const loading = new Map<PageRoute, Promise<ComponentType>>();

type Gate = ComponentType<{ route: PageRoute; children: ReactNode }>;
let gate: Gate | undefined;
let gateLoading: Promise<Gate> | undefined;

/** The access gate's code: its own chunk, so the public pages never download it. */
function loadGate(): Promise<Gate> {
  gateLoading ??= import('./page-access.tsx').then((m) => (gate = m.PageAccessGate));
  return gateLoading;
}

/** Loads a page's code once (with the access gate's, for a page that is not public); hydration awaits this. */
export function loadPage(route: PageRoute): Promise<ComponentType> {
  let promise = loading.get(route);
  if (!promise) {
    promise = Promise.all([route.load(), route.access === 'public' ? null : loadGate()]).then(([m]) => {
      loaded.set(route, m.default);
      return m.default;
    });
    loading.set(route, promise);
  }
  return promise;
}

/** Renders `children` (the page) for whom the page table lets in, and the sign-in or no-access view to others. */
export function AccessGate({ route, children }: { route: PageRoute; children: ReactNode }) {
  if (route.access === 'public') return children;
  const Gate = gate ?? use(loadGate());
  // Gate is a module's export, the same component on every render, not one made here.
  // eslint-disable-next-line react-hooks/static-components
  return <Gate route={route}>{children}</Gate>;
}

export function PageView({ route }: { route: PageRoute }) {
  const Page = loaded.get(route) ?? use(loadPage(route));
  // The page is a module's default export, the same component on every render, not one made here.
  // eslint-disable-next-line react-hooks/static-components
  return <Page />;
}
