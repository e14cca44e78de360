/** Terms of Service: the rules for using the site, the community and donating. */
import { Link } from 'wouter';
import { StaticPage, Section } from '#client/components/page-layout.tsx';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { SupportAddress } from '#client/components/support-address.tsx';

export default function TermsOfServicePage() {
  const content = useCampaign();
  const productName = content.product.name;

  return (
    <StaticPage
      title="Terms of Service"
      intro={
        <p>
          These terms set out the rules for using {productName}: reading the campaign, donating, and taking part in the
          community. Please read them carefully.
        </p>
      }
    >
      <Section title="Acceptance of These Terms">
        <p>
          By using {productName}, creating an account or making a donation, you agree to these terms and to our{' '}
          <Link href="/privacy-policy">Privacy Policy</Link>. If you do not agree, please do not use the site.
        </p>
      </Section>

      <Section title="Eligibility">
        <p>
          You must be at least 18 years old to create an account, share a story or make a donation. By using the site,
          you confirm that you are 18 or older.
        </p>
      </Section>

      <Section title="Your Account">
        <ul>
          <li>Give accurate, current information when you register and keep it up to date.</li>
          <li>Choose the account type that truly describes you: patient, doctor or donor.</li>
          <li>
            Doctors must give genuine license details. Claiming qualifications you do not hold will lead to your account
            being closed.
          </li>
          <li>Keep your password private. You are responsible for what happens under your account.</li>
          <li>Tell us straight away if you think someone else has used your account.</li>
        </ul>
      </Section>

      <Section title="Community Conduct">
        <p>This is a place for people going through hard things. When you post, comment or message, please:</p>
        <ul>
          <li>be respectful and kind, even when you disagree;</li>
          <li>do not share medical misinformation or promote unproven treatments as cures;</li>
          <li>do not harass, shame or threaten anyone, or share another person&rsquo;s private information;</li>
          <li>do not post spam, advertising, or requests for money outside the site&rsquo;s donation process.</li>
        </ul>
        <p>
          Our admins moderate the community. Stories are reviewed before they are published, and we may edit, hide or
          remove content, or suspend accounts, that break these rules.
        </p>
      </Section>

      <Section title="Your Stories and Content">
        <p>
          You keep ownership of the stories, comments and photos you share, and you must have the right to share them.
          By posting, you give {productName} a non-exclusive, royalty-free licence to host, display and share that
          content on the site and in posts about the campaign, for as long as it remains on the site. You can delete
          your content or your account at any time; copies that others have already shared may remain outside our
          control.
        </p>
      </Section>

      <Section title="Donations">
        <ul>
          <li>Donations are voluntary gifts. You receive no goods or services in return.</li>
          <li>
            Our nonprofit status is pending, so your donation may not be tax-deductible. Please check with a tax adviser
            if this matters to you.
          </li>
          <li>
            Payments are made through outside payment platforms, whose own terms also apply. We never see or store your
            card numbers.
          </li>
        </ul>
      </Section>

      <Section title="How Donations Are Spent">
        <p>
          Money received is held with admin oversight and released only against verified medical expenses, such as
          surgery, pre-operative and post-operative care, and necessary travel. The person who submits an expense cannot
          approve it, and we publish a summary of how much has been raised, held, released and refunded. The full rules,
          including timelines, refunds and disputes, are in our <Link href="/donor-agreement">Donor Agreement</Link>.
        </p>
      </Section>

      <Section title="Not Medical Advice">
        <p>
          Nothing on {productName}, including replies from verified doctors, is medical advice, and using the site does
          not create a doctor-patient relationship. Always consult your own clinician. Please read our{' '}
          <Link href="/medical-disclaimer">Medical Disclaimer</Link>.
        </p>
      </Section>

      <Section title="Termination">
        <p>
          You can stop using the site and delete your account at any time from Account Settings. We may suspend or close
          an account that breaks these terms, puts other members at risk, or misuses the donation process. Where we can,
          we will tell you why.
        </p>
      </Section>

      <Section title="The Service As Provided">
        <p>
          We work to keep {productName} available and accurate, but we provide it as it is, without guarantees that it
          will always be available or free of errors. To the extent the law allows, we are not responsible for losses
          that come from relying on content posted by other members.
        </p>
      </Section>

      <Section title="Changes to These Terms">
        <p>
          We will announce any change to these terms on the site at least 30 days before it takes effect. If you keep
          using the site after that, the updated terms apply.
        </p>
      </Section>

      <Section title="Questions and Contact">
        <p>
          Questions about these terms? Write to us <SupportAddress />. We answer inquiries about these terms within 30
          days.
        </p>
      </Section>
    </StaticPage>
  );
}
