/** Privacy Policy: what we collect, why, who sees it, and the visitor's rights. */
import { Link } from 'wouter';
import { StaticPage, Section } from '#client/components/page-layout.tsx';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { SupportAddress } from '#client/components/support-address.tsx';
import { CONTACT_RESPONSE_TIME } from '#shared/constants.ts';
import { HEALTH_ANSWERS_PRIVACY } from '#shared/health-answers.ts';

export default function PrivacyPolicyPage() {
  const content = useCampaign();
  const productName = content.product.name;

  return (
    <StaticPage
      title="Privacy Policy"
      effectiveDate="Effective January 1, 2025"
      intro={
        <p>
          This policy explains what information {productName} collects when you visit, donate, contact us or join the
          community, how we use it, and the choices you have. We collect as little as we can and never sell it.
        </p>
      }
    >
      <Section title="Information We Collect">
        <ul>
          <li>
            <strong>Your name and email address</strong>, when you create an account, tell us about a donation, sign up
            for updates or write to us. Others in the community see you by your community name: your first name and last
            initial unless you choose another in Account Settings. Your full name is seen only by you and the
            site&rsquo;s admins (doctors are listed under their licensed name).
          </li>
          <li>
            <strong>Payment information</strong>, which is handled by third-party payment processors (the payment
            platforms listed on our donate page and the crowdfunding platform). We never see or store your card numbers.
            We keep only what we need to record a gift: the amount, the date, the platform used and the name you give us
            (or that you chose to give anonymously).
          </li>
          <li>
            <strong>Messages you send us</strong>, through the contact form, by email, or as an optional message with
            your donation.
          </li>
          <li>
            <strong>Health details, only if you choose to share them</strong> in your profile or in a story, such as a
            condition, symptoms or treatment goals.
          </li>
          <li>
            <strong>Basic technical information</strong> needed to run the site securely, such as the pages visited and
            when. Our visit counts are first-party and cookieless: they are not linked to an advertising profile.
          </li>
        </ul>
      </Section>

      <Section title="How We Use It">
        <ul>
          <li>To process and record your donation.</li>
          <li>To send you confirmations and messages about your account.</li>
          <li>To reply to messages you send us.</li>
          <li>
            To send updates about the patient&rsquo;s journey, only if you opted in. You can stop them at any time.
          </li>
          <li>To keep the site secure, prevent abuse and understand, in aggregate, which pages are useful.</li>
        </ul>
      </Section>

      <Section title="Sharing">
        <p>
          We share your information only with the payment processors that handle your donation, and when the law
          requires us to (for example, a valid court order). We never sell, rent or trade your personal information, and
          we do not share it with advertisers.
        </p>
        <p>
          Payment platforms and the crowdfunding page you choose have their own privacy policies, which apply to the
          information you give them directly.
        </p>
      </Section>

      <Section title="Security">
        <ul>
          <li>All information travels between your browser and our servers over encrypted connections.</li>
          <li>Passwords are stored only as secure hashes, never in readable form.</li>
          <li>
            Access to personal information is limited to the admins who need it for their work, and admin actions are
            logged.
          </li>
          <li>Our human-verification check is self-hosted; we load no third-party scripts to protect our forms.</li>
        </ul>
      </Section>

      <Section title="Your Rights">
        <p>You can ask us at any time to:</p>
        <ul>
          <li>give you a copy of the personal information we hold about you (access);</li>
          <li>correct information that is wrong or out of date (correction);</li>
          <li>delete your information (deletion);</li>
          <li>stop sending you updates or other optional messages (opt-out).</li>
        </ul>
        <p>
          If you have an account, you can download or delete your data yourself from{' '}
          <Link href="/profile">Account Settings</Link>. Otherwise, write to us <SupportAddress /> and we will respond
          within {CONTACT_RESPONSE_TIME}. We may need to keep a record of donations where the law requires it.
        </p>
      </Section>

      <Section title="Cookies">
        <p>We use as few cookies as possible:</p>
        <ul>
          <li>a session cookie, only when you are signed in, so the site knows it is you;</li>
          <li>no tracking cookies and no advertising cookies.</li>
        </ul>
        <p>
          Our analytics are first-party and cookieless: they count visits without identifying you or following you
          across other sites. If your browser sends a Do Not Track or Global Privacy Control signal, we honour it and do
          not count your visit in our analytics.
        </p>
      </Section>

      <Section title="Health Information">
        <p>
          {HEALTH_ANSWERS_PRIVACY} A story is published only after you choose to share it and an admin approves it. Your
          health answers are included when you download your data and are removed when you delete your account. Our{' '}
          <Link href="/consumer-health-data-privacy">Consumer Health Data Privacy Policy</Link> says more, and how to
          withdraw your consent.
        </p>
      </Section>

      <Section title="Contact">
        <p>
          Questions about this policy or your information? Write to us <SupportAddress />.
        </p>
      </Section>
    </StaticPage>
  );
}
