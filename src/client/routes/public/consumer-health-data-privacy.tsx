/**
 * Consumer Health Data Privacy Policy (Washington's My Health My Data Act, decision 017): what health data we
 * collect, why, with whom it is shared and only with consent, and how she reads, deletes or withdraws it.
 * Separate from the Privacy Policy, as the Act asks; its version is the one consents are given against.
 */
import { Link } from 'wouter';
import { StaticPage, Section } from '#client/components/page-layout.tsx';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { SupportAddress } from '#client/components/support-address.tsx';
import { CONSUMER_HEALTH_POLICY_VERSION } from '#shared/health-data-consent.ts';

export default function ConsumerHealthDataPrivacyPage() {
  const productName = useCampaign().product.name;
  return (
    <StaticPage
      title="Consumer Health Data Privacy Policy"
      effectiveDate={`Version ${CONSUMER_HEALTH_POLICY_VERSION}`}
      intro={
        <p>
          This policy explains the consumer health data {productName} collects, why, with whom it is shared, and how you
          can see it, delete it or withdraw your consent. It adds to our{' '}
          <Link href="/privacy-policy">Privacy Policy</Link> for health data, as Washington&rsquo;s My Health My Data
          Act asks. <strong>Nothing about your health is public by default.</strong>
        </p>
      }
    >
      <Section title="What We Collect">
        <p>When you set up a patient profile, and only after you consent to it, we collect:</p>
        <ul>
          <li>your medical condition, your symptoms and your treatment goals, in your own words;</li>
          <li>how urgent your need for care is, and how you would like us to contact you;</li>
          <li>
            what you choose to write in stories and in a fundraiser application, and the documents you attach to an
            application (such as a treatment quote).
          </li>
        </ul>
      </Section>

      <Section title="Why We Collect It">
        <p>
          We use your health answers only to support you on {productName}: to understand what help you are looking for,
          to contact you the way you prefer, and to review a fundraiser you open. We never sell consumer health data,
          never use it for advertising, and never use it to decide anything about you that you have not asked for.
        </p>
      </Section>

      <Section title="Your Consent to Collect">
        <p>
          We ask for your consent to collect before we store any health answer, separately from anything else you agree
          to. Without it the profile questions are not stored. Each consent is recorded with the date and the version of
          this policy you read.
        </p>
      </Section>

      <Section title="With Whom It Is Shared, Only With Your Consent">
        <p>
          Your health answers are seen by no one else on the site unless you choose to show them, answer by answer.
          Sharing needs a second, optional consent, and even then only what you choose:
        </p>
        <ul>
          <li>a story you write becomes public only if you allow it and an admin approves it;</li>
          <li>
            an answer of your profile (your condition, symptoms, treatment goals, urgency or contact preference) is
            shown to members, or to everyone, only if you choose so for that answer in Account Settings;
          </li>
          <li>
            a doctor reads your fundraiser application and its documents only if you ask that doctor for a medical
            review, and only until you take the request back.
          </li>
        </ul>
        <p>
          Our admins read a fundraiser application to review it. We share nothing with advertisers or data brokers, and
          we disclose data to authorities only when the law requires it.
        </p>
      </Section>

      <Section title="See, Delete or Withdraw">
        <ul>
          <li>
            <strong>See it:</strong> download everything we hold about you, including every consent you gave and
            withdrew, from <Link href="/profile">Account Settings</Link>.
          </li>
          <li>
            <strong>Withdraw consent to collect:</strong> in Account Settings, under &ldquo;Health data consent&rdquo;.
            We stop using your health answers at once and delete them.
          </li>
          <li>
            <strong>Withdraw consent to share:</strong> your stories stop being public at once, every profile answer is
            yours alone again, and any doctor you asked for a medical review loses access.
          </li>
          <li>
            <strong>Delete it all:</strong> deleting your account deletes your health data.
          </li>
        </ul>
        <p>You can give a consent again at any time.</p>
      </Section>

      <Section title="Contact">
        <p>
          Questions about your health data, or an appeal of a decision about a request? Write to us <SupportAddress />.
        </p>
      </Section>
    </StaticPage>
  );
}
