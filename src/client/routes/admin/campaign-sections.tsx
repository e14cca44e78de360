/** The campaign editor's sections of the content form, each a card of fields, and the editor's shared alert. */
import type { ReactNode } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { CURRENCIES } from '#shared/constants.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardTitle } from '#client/components/ui/card.tsx';
import { FormAlert, SelectField } from '#client/components/ui/field.tsx';
import { ImageField, Money, Paragraphs, Text, type ContentIn } from './campaign-fields.tsx';

export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id} className="space-y-4">
      <div>
        <CardTitle id={id}>{title}</CardTitle>
        {description && <p className="mt-1 text-sm text-slate-700">{description}</p>}
      </div>
      {children}
    </Card>
  );
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-ink">{legend}</legend>
      {children}
    </fieldset>
  );
}

export type Alert = { message: string; stale: boolean } | null;

export function StaleAlert({ alert, onReload }: { alert: NonNullable<Alert>; onReload: () => void }) {
  return (
    <FormAlert>
      <p>{alert.message}</p>
      {alert.stale && (
        <Button variant="secondary" className="mt-2" onClick={onReload}>
          Load the latest version (drops unpublished changes)
        </Button>
      )}
    </FormAlert>
  );
}

function TextsSection() {
  return (
    <Section id="texts-title" title="Texts" description="What the story page says, from the top.">
      <Text name="name" label="Campaign name" />
      <Text name="urgentBadge" label="Urgent badge" />
      <Text name="headline" label="Headline" rows={2} />
      <Text name="intro" label="Introduction" rows={5} />
      <Text name="goalNote" label="Note under the goal" rows={2} />
      <Paragraphs name="journey.paragraphs" label="The journey (story paragraphs)" rows={8} />
      <Text name="timeIsCritical.title" label="Time is critical: title" />
      <Paragraphs name="timeIsCritical.paragraphs" label="Time is critical: paragraphs" />
    </Section>
  );
}

function GoalSection() {
  const { register } = useFormContext<ContentIn>();
  return (
    <Section id="goal-title" title="Goal">
      <div className="grid gap-4 sm:grid-cols-2">
        <Money name="goal.cents" label="Goal amount" hint="In the goal's currency, e.g. 15000." />
        <SelectField label="Goal currency" {...register('goal.currency')}>
          {CURRENCIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </SelectField>
      </div>
    </Section>
  );
}

function VideoAndLinksSection() {
  return (
    <Section id="video-title" title="Video and links">
      <Text
        name="video.youtubeId"
        label="YouTube video id"
        hint="The 11 characters after v= in the video's address."
        maxLength={11}
      />
      <Text name="video.title" label="Video title" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Text name="video.shortVideoUrl" label="Short video link" hint="A full https:// address." />
        <Text name="video.shortVideoLabel" label="Short video link text" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Text name="crowdfunding.url" label="Crowdfunding page link" hint="A full https:// address." />
        <Text name="crowdfunding.label" label="Crowdfunding button text" />
      </div>
    </Section>
  );
}

function PaymentMethodsSection() {
  const { getValues } = useFormContext<ContentIn>();
  const methods = getValues('paymentMethods');
  return (
    <Section id="payments-title" title="Payment methods" description="The donate page's buttons, in this order.">
      {methods.map((method, i) => (
        <Fieldset key={method.name} legend={method.name}>
          <Text name={`paymentMethods.${i}.description`} label={`${method.name}: description`} />
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
            <Text name={`paymentMethods.${i}.link`} label={`${method.name}: link`} hint="https:// or mailto:" />
            <Text
              name={`paymentMethods.${i}.color`}
              label={`${method.name}: colour`}
              hint="# and six hex digits"
              maxLength={7}
            />
          </div>
        </Fieldset>
      ))}
      <Text
        name="receiptNote"
        label="Receipt wording"
        hint="Ends every donor's thank-you mail. Say whether gifts are tax-deductible."
        rows={3}
      />
    </Section>
  );
}

function CostsSection() {
  const { getValues } = useFormContext<ContentIn>();
  const groups = getValues('costs.groups');
  return (
    <Section
      id="costs-editor-title"
      title="Where your donation goes"
      description="The four cost groups and what each is expected to cost."
    >
      {groups.map((group, i) => (
        <Fieldset key={group.key} legend={`Cost group ${i + 1}`}>
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
            <Text name={`costs.groups.${i}.label`} label={`Cost group ${i + 1}: label`} />
            <Money name={`costs.groups.${i}.amountCents`} label={`Cost group ${i + 1}: amount (USD)`} />
          </div>
          <Text name={`costs.groups.${i}.description`} label={`Cost group ${i + 1}: description`} rows={2} />
        </Fieldset>
      ))}
      <Text name="costs.claim" label="Costs: promise to donors" rows={2} />
      <Text name="costs.consultationPaid.note" label="Consultation paid: note" rows={2} />
    </Section>
  );
}

function ImagesSection() {
  return (
    <Section
      id="images-title"
      title="Images"
      description="Every image needs alt text. Uploaded images replace the current ones when you publish."
    >
      <Text name="gallery.title" label="Gallery title" />
      <div className="grid gap-4 md:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <ImageField key={i} name={`gallery.images.${i}`} legend={`Gallery image ${i + 1}`} />
        ))}
        {[0, 1].map((i) => (
          <ImageField key={`journey-${i}`} name={`journey.images.${i}`} legend={`Journey image ${i + 1}`} />
        ))}
      </div>
    </Section>
  );
}

function UpdatesSection() {
  const { control } = useFormContext<ContentIn>();
  const { fields, remove } = useFieldArray({ control, name: 'journey.updates' });
  return (
    <Section
      id="updates-editor-title"
      title="Dated updates"
      description="Newest first. Correct an update here; post a new one below, where its followers can be told."
    >
      {fields.map((field, i) => (
        <Fieldset key={field.id} legend={`Update ${i + 1}`}>
          <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
            <Text name={`journey.updates.${i}.date`} label={`Update ${i + 1}: date`} hint="YYYY-MM-DD" maxLength={10} />
            <Text name={`journey.updates.${i}.title`} label={`Update ${i + 1}: title`} />
          </div>
          <Paragraphs name={`journey.updates.${i}.paragraphs`} label={`Update ${i + 1}: text`} rows={4} />
          {fields.length > 1 && (
            <Button variant="secondary" onClick={() => remove(i)}>
              Remove update {i + 1}
            </Button>
          )}
        </Fieldset>
      ))}
    </Section>
  );
}

function PeopleSection() {
  return (
    <Section id="people-title" title="People" description="Who the fundraiser is for, and who runs it.">
      <div className="grid gap-4 sm:grid-cols-2">
        <Text name="patient.name" label="Patient: name" />
        <Text name="organiser.name" label="Organiser: name" hint="Signs the donors' receipts." />
      </div>
      <Text name="patient.description" label="Patient: description" rows={2} />
      <Text name="organiser.email" label="Organiser: email" />
      <Text name="organiser.description" label="Organiser: description" rows={2} />
    </Section>
  );
}

function SurgeonSection() {
  return (
    <Section id="surgeon-editor-title" title="The surgeon" description='The "Meet the Surgeon" card.'>
      <div className="grid gap-4 sm:grid-cols-2">
        <Text name="surgeon.name" label="Surgeon: name" />
        <Text name="surgeon.title" label="Surgeon: title" />
        <Text name="surgeon.yearsExperience" label="Surgeon: years of experience" hint='As shown, e.g. "12".' />
        <Text name="surgeon.livesChanged" label="Surgeon: lives changed" hint='As shown, e.g. "400+".' />
      </div>
      <Paragraphs name="surgeon.bio" label="Surgeon: biography" rows={5} />
      <Paragraphs
        name="surgeon.highlights"
        label="Surgeon: highlights"
        hint="Leave an empty line between highlights."
        rows={4}
      />
    </Section>
  );
}

function WhySection() {
  const { getValues } = useFormContext<ContentIn>();
  const cards = getValues('whySurgery.cards');
  return (
    <Section id="why-editor-title" title="Why this surgery">
      {cards.map((_card, i) => (
        <Fieldset key={i} legend={`Why this surgery: card ${i + 1}`}>
          <Text name={`whySurgery.cards.${i}.title`} label={`Card ${i + 1}: title`} />
          <Text name={`whySurgery.cards.${i}.body`} label={`Card ${i + 1}: text`} rows={3} />
        </Fieldset>
      ))}
    </Section>
  );
}

function ContactSection() {
  return (
    <Section
      id="contact-editor-title"
      title="Contact and direct transfer"
      description="Shown on the contact page and in the legal pages; the contact form's messages go to the support email."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Text name="support.email" label="Support: email" />
        <Text name="support.phone" label="Support: phone" />
      </div>
      <Text name="support.phoneHours" label="Support: phone hours" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Text name="directTransfer.email" label="Direct transfer: email" />
        <Text name="directTransfer.subject" label="Direct transfer: subject" />
      </div>
    </Section>
  );
}

function SharingSection() {
  return (
    <Section
      id="sharing-editor-title"
      title="Sharing and search"
      description="What shared links and search results say."
    >
      <Text name="share.postText" label="Sharing: post text" rows={2} />
      <Text name="share.emailSubject" label="Sharing: email subject" />
      <Text name="share.emailBody" label="Sharing: email" rows={4} />
      <Text name="seo.title" label="Search: page title" />
      <Text name="seo.description" label="Search: description" rows={2} />
      <Text name="seo.donateTitle" label="Search: donate page title" />
      <Text name="seo.donateDescription" label="Search: donate page description" rows={2} />
    </Section>
  );
}

/** Every section of the content, in the story page's order. */
export function ContentSections() {
  return (
    <>
      <TextsSection />
      <PeopleSection />
      <GoalSection />
      <VideoAndLinksSection />
      <PaymentMethodsSection />
      <SurgeonSection />
      <WhySection />
      <CostsSection />
      <ContactSection />
      <SharingSection />
      <ImagesSection />
      <UpdatesSection />
    </>
  );
}
