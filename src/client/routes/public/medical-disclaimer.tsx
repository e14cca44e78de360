/** Medical Disclaimer: what the site's health content is, and what it is not. */
import { Link } from 'wouter';
import { StaticPage, Section } from '#client/components/page-layout.tsx';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { SupportAddress } from '#client/components/support-address.tsx';

export default function MedicalDisclaimerPage() {
  const content = useCampaign();
  const productName = content.product.name;

  return (
    <StaticPage
      title="Medical Disclaimer"
      intro={
        <p>
          {productName} is a place to share experiences and find support. It is not a medical service. Please read this
          page before relying on anything you find here.
        </p>
      }
    >
      <Section title="In an Emergency">
        <p>
          If you think you may be having a medical emergency, call 911 (or your local emergency number) or go to the
          nearest emergency department now. Do not wait for a reply in the community.
        </p>
        <p>
          If you are in emotional distress or thinking about suicide, in the US you can call or text 988 to reach the
          988 Suicide &amp; Crisis Lifeline at any time. Outside the US, contact your local crisis line or emergency
          services.
        </p>
      </Section>

      <Section title="Information and Support, Not Medical Advice">
        <p>
          Everything on this site, including the campaign story, member stories, comments and replies, is for general
          information and support. It is not medical advice, and it is not a diagnosis or a treatment for any condition.
        </p>
      </Section>

      <Section title="No Doctor-Patient Relationship">
        <p>
          Reading content on this site does not create a doctor-patient relationship. Neither does a doctor&rsquo;s
          reply in the community, even from a doctor with a &ldquo;Verified doctor&rdquo; badge. The badge means an
          admin has checked the doctor&rsquo;s license; it does not mean the doctor has examined you, knows your history
          or is responsible for your care.
        </p>
      </Section>

      <Section title="Talk to Your Own Clinician">
        <ul>
          <li>
            Always consult your own qualified doctor or other clinician about your symptoms, diagnosis and treatment.
          </li>
          <li>Never delay seeking care, or ignore professional advice, because of something you read here.</li>
          <li>Do not start, stop or change any medicine or treatment without talking to your clinician first.</li>
        </ul>
      </Section>

      <Section title="Personal Stories">
        <p>
          Stories shared here are personal experiences. Every body and every case is different, and outcomes vary. A
          treatment that helped one person may not be right for you, and a difficult experience does not mean yours will
          be the same.
        </p>
      </Section>

      <Section title="About Endometriosis Treatment">
        <p>
          Endometriosis is managed in different ways, including excision surgery, ablation and hormonal therapy, and
          experts do not always agree on which approach is best for a given person. Decisions about your treatment
          belong with you and your specialist, based on your symptoms, your imaging and examination findings, your plans
          for the future, and your own preferences. Use what you read here to prepare questions for your specialist, not
          to replace their advice.
        </p>
      </Section>

      <Section title="Questions">
        <p>
          If you see content that looks unsafe or misleading, please write to us <SupportAddress /> so our admins can
          review it. You can also read our <Link href="/terms-of-service">Terms of Service</Link>.
        </p>
      </Section>
    </StaticPage>
  );
}
