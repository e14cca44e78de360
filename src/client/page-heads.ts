/**
 * Each page's head tags (title, description, keywords), keyed by the page table's paths like the route table. Not
 * in the app's entry: a page arrives with its tags in its HTML, so the browser loads these on its first navigation.
 */
import type { CampaignContent } from '#shared/schemas/campaign.ts';
import type { PagePath } from '#shared/routes.ts';

export interface PageHead {
  title: string;
  description: string;
  keywords?: string[];
}

type HeadOf = (content: CampaignContent) => PageHead;

const legal = (title: string, description: string) => (c: CampaignContent) => ({
  title: `${title} | ${c.product.name}`,
  description: description.replace('{product}', c.product.name),
});
/** An admin page: never indexed, so one description serves them all (every page's script carries this table). */
const admin = (title: string) => legal(title, 'The {product} administration area.');

export const PAGE_HEADS: { readonly [P in PagePath | '*']: HeadOf } = {
  '/': (c) => ({
    title: c.seo.title,
    description: c.seo.description,
    keywords: c.seo.keywords,
  }),
  '/donate': (c) => ({ title: c.seo.donateTitle, description: c.seo.donateDescription, keywords: c.seo.keywords }),
  '/how-it-works': legal(
    'How It Works',
    'How {product} works: share your story, receive support, and access care with verified spending.',
  ),
  '/contact': legal('Contact Us', 'Write to the {product} team about the fundraiser, a donation or the community.'),
  '/privacy-policy': legal('Privacy Policy', 'What {product} collects, why, who sees it, and your rights.'),
  '/consumer-health-data-privacy': legal(
    'Consumer Health Data Privacy Policy',
    'The health data {product} collects, why, with whom it is shared only with your consent, and how to withdraw it.',
  ),
  '/terms-of-service': legal(
    'Terms of Service',
    'The terms for using {product}, including eligibility, donations and community conduct.',
  ),
  '/medical-disclaimer': legal(
    'Medical Disclaimer',
    'Content on {product} is support and information, not medical advice.',
  ),
  '/donor-agreement': legal(
    'Donor Agreement',
    'How donations to {product} are held, released against verified expenses, and refunded.',
  ),
  '/transparency': legal(
    'Where Every Dollar Goes',
    'How donations to {product} are held and released only against verified expenses, with the live ledger of what was raised, held, released and refunded.',
  ),
  '/thank-you': legal('Thank You', 'Whether your gift to {product} is counted yet.'),
  '/refund-request': legal(
    'Ask for a Refund',
    'Ask for a refund of a donation to {product} that has not yet been released against a verified expense.',
  ),
  '/get-started': legal(
    'Get Started',
    'Join the {product} community as a patient, a medical professional or a supporter.',
  ),
  '/register': legal('Create Your Account', 'Create your {product} account.'),
  '/login': legal('Sign In or Join', 'Sign in to your {product} account, or join the community.'),
  '/logout': legal('Sign Out', 'Sign out of your {product} account.'),
  '/forgot-password': legal('Forgot Password', 'Get a link to reset your {product} password.'),
  '/reset-password': legal('Reset Password', 'Choose a new password for your {product} account.'),
  '/verify-email': legal('Confirm Your Email', 'Confirm the email address of your {product} account.'),
  '/confirm-updates': legal('Confirm Updates', 'Get {product} updates by email.'),
  '/unsubscribe': legal('Stop Email Updates', 'Stop {product} updates by email.'),
  '/onboarding': legal('Set Up Your Profile', 'Tell the {product} community about yourself.'),
  '/profile': legal('Account Settings', 'Manage your {product} profile, password, sessions and data.'),
  '/notifications': legal('Notifications', 'Your {product} notifications.'),
  '/stories': legal('Stories', 'Stories shared by the {product} community, read by a moderator before they appear.'),
  '/stories/:id': legal('Story', 'A story shared by the {product} community, with words of support.'),
  '/fundraisers': legal(
    'Fundraisers',
    "Patients of the {product} community raising funds for their treatment, reviewed before they go live, every dollar's use public.",
  ),
  '/fundraisers/:slug': legal(
    'Fundraiser',
    'A patient’s fundraiser on {product}, with its progress and public ledger.',
  ),
  '/fundraisers/:slug/donate': legal('Donate', 'Give to a patient’s fundraiser on {product}.'),
  '/transparency/:slug': legal(
    'Where Every Dollar Goes',
    'How a patient’s fundraiser on {product} holds and releases money, with its live ledger.',
  ),
  '/my-fundraiser': legal('My Fundraiser', 'Raise funds for your treatment on {product}.'),
  '/my-stories': legal(
    'My Stories',
    'Write your story, follow its review and choose whether it is public on {product}.',
  ),
  '/my-stories/new': legal('Write Your Story', 'Write your story for the {product} community.'),
  '/my-stories/:id/edit': legal('Edit Your Story', 'Edit your story on {product}.'),
  '/admin': admin('Admin'),
  '/admin-donations': admin('Donation Management'),
  '/admin-payments': admin('Payments'),
  '/admin-dashboard': admin('Admin Dashboard'),
  '/admin-contact': admin('Contact Inbox'),
  '/admin-mail': admin('Mail Not Delivered'),
  '/admin-analytics': admin('Analytics'),
  '/admin-audit-log': admin('Audit Log'),
  '/admin-users': admin('User Management'),
  '/admin-stories': admin('Story Management'),
  '/admin-doctors': admin('Doctor Verification'),
  '/admin-campaign': admin('Campaign Editor'),
  '/admin-expenses': admin('Expense Approvals'),
  '/admin-fundraisers': admin('Fundraiser Reviews'),
  '/my-expenses': legal(
    'Expenses',
    "Submit the campaign's expenses on {product} and follow their approval and payment.",
  ),
  '/my-expenses/new': legal('Submit an Expense', 'Submit an expense with its invoice or receipt on {product}.'),
  '/find-doctors': legal(
    'Find Doctors',
    'Find verified doctors of the {product} community by specialty, area of expertise and consultation type.',
  ),
  '/doctors/:id': legal('Doctor Profile', 'A verified doctor of the {product} community.'),
  '/members/:id': legal('Member', 'A member of the {product} community.'),
  '/doctor-dashboard': legal(
    'Doctor Dashboard',
    'Your verification and the stories asking for professional input on {product}.',
  ),
  '/care-plan': legal('My Care Plan', 'Ask for rides, meals and company in the weeks after surgery on {product}.'),
  '/care/:planId': legal('Care Plan', 'Help a patient of the {product} community in the weeks after surgery.'),
  '/care/open/:token': legal(
    'Help in the Weeks After Surgery',
    'The dates a member of the {product} community still needs help with after her surgery.',
  ),
  '*': (c) => ({ title: `404 Page Not Found | ${c.product.name}`, description: 'This page does not exist.' }),
};
