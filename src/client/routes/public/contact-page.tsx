/**
 * /contact: the form (all four fields required) and the side cards. The form is plain (no form library): it is read
 * on submit and checked by the shared schema, loaded with zod then, not with the page most readers never send.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import { Clock, Heart, Mail, Phone } from 'lucide-react';
import {
  CONTACT_FIELD_MAX,
  CONTACT_RESPONSE_TIME,
  REQUIRED_FIELDS_MESSAGE,
  REQUIRED_FIELDS_TITLE,
} from '#shared/constants.ts';
import type { ContactFormSchema } from '#shared/schemas/contact.ts';
import { useHumanCheck } from '#client/lib/altcha.ts';
import { useCampaign } from '#client/lib/campaign-context.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { sendContactMessage } from '#client/api/contact.ts';
import { Card } from '#client/components/ui/card.tsx';
import { pageTitleClass } from '#client/components/ui/text-classes.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/toast.ts';
import { EmailField, TextField, TextAreaField } from '#client/components/ui/field.tsx';

type ContactForm = z.output<typeof ContactFormSchema>;
type FieldName = keyof ContactForm;
type FieldErrors = Partial<Record<FieldName, string>>;

/** The form's values checked by the shared schema: the values to send, or each field's first error. */
async function checkContactForm(form: HTMLFormElement): Promise<{ input: ContactForm } | { errors: FieldErrors }> {
  const { ContactFormSchema } = await import('#shared/schemas/contact.ts');
  const data = new FormData(form);
  const result = ContactFormSchema.safeParse({
    name: data.get('name'),
    email: data.get('email'),
    subject: data.get('subject'),
    message: data.get('message'),
  });
  if (result.success) return { input: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path[0] as FieldName] ??= issue.message;
  return { errors };
}

export default function ContactPage() {
  const c = useCampaign();
  const [errors, setErrors] = useState<FieldErrors>({});
  // The message's length, for its count. The form is read on submit, so the box itself is not bound to state.
  const message = useRef<HTMLTextAreaElement>(null);
  const [messageLength, setMessageLength] = useState(0);
  useEffect(() => {
    // Typed before the page hydrated: the browser kept it in the box; count it once hydrated.
    setMessageLength(message.current?.value.length ?? 0);
  }, []);
  const humanCheck = useHumanCheck();
  const send = useMutation({
    mutationFn: async ({ input }: { input: ContactForm; form: HTMLFormElement }) =>
      sendContactMessage({ ...input, altcha: await humanCheck() }),
    onSuccess: (_answer, { form }) => {
      toast({
        title: 'Message Sent',
        description: `Thank you for reaching out. We reply within ${CONTACT_RESPONSE_TIME}.`,
      });
      form.reset();
      setMessageLength(0);
    },
    onError: (err) =>
      toast({
        title: 'Failed to send message',
        description: errorMessage(err, 'Failed to send message'),
        variant: 'destructive',
      }),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = await checkContactForm(form);
    if ('input' in checked) {
      setErrors({});
      send.mutate({ input: checked.input, form });
      return;
    }
    setErrors(checked.errors);
    if (Object.values(checked.errors).includes(REQUIRED_FIELDS_MESSAGE)) {
      toast({ title: REQUIRED_FIELDS_TITLE, description: REQUIRED_FIELDS_MESSAGE, variant: 'destructive' });
    }
  }

  /** A field's name and error; the error goes once the field is changed. */
  const field = (name: FieldName) => ({
    name,
    error: errors[name],
    onChange: () => setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current)),
  });
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className={`${pageTitleClass} sm:text-4xl`}>Contact Us</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-700">
        Questions about {c.patient.name}'s fundraiser, a donation, or the {c.product.name} community? Write to us.
      </p>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="text-xl font-semibold text-ink">
            Send a message
          </h2>
          <form noValidate className="mt-4 space-y-4" onSubmit={(event) => void onSubmit(event)}>
            <TextField label="Full name" autoComplete="name" maxLength={CONTACT_FIELD_MAX.name} {...field('name')} />
            <EmailField {...field('email')} />
            <TextField label="Subject" maxLength={CONTACT_FIELD_MAX.subject} {...field('subject')} />
            <TextAreaField
              label="Message"
              rows={6}
              ref={message}
              counter={{ length: messageLength, max: CONTACT_FIELD_MAX.message }}
              onInput={(event) => setMessageLength(event.currentTarget.value.length)}
              {...field('message')}
            />
            <Button type="submit" size="lg" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Message'}
            </Button>
          </form>
        </Card>
        <div className="space-y-4">
          {/* A live site leaves out the seed's example address and number (src/shared/example-content.ts). */}
          {c.support.email && (
            <Card className="p-5">
              <h2 className="flex items-center gap-2 font-semibold text-ink">
                <Mail aria-hidden="true" className="h-5 w-5 text-brand-700" /> Email support
              </h2>
              <p className="mt-2 text-slate-700">
                <a href={`mailto:${c.support.email}`} className="text-brand-800 underline">
                  {c.support.email}
                </a>
              </p>
            </Card>
          )}
          {c.support.phone && (
            <Card className="p-5">
              <h2 className="flex items-center gap-2 font-semibold text-ink">
                <Phone aria-hidden="true" className="h-5 w-5 text-brand-700" /> Phone
              </h2>
              <p className="mt-2 text-slate-700">{c.support.phone}</p>
              {c.support.phoneHours && <p className="text-sm text-slate-700">{c.support.phoneHours}</p>}
            </Card>
          )}
          <Card className="p-5">
            <h2 className="flex items-center gap-2 font-semibold text-ink">
              <Heart aria-hidden="true" className="h-5 w-5 text-brand-700" /> Our mission
            </h2>
            <p className="mt-2 text-slate-700">
              {c.product.tagline}: we help women reach the care they need, with honest fundraising and a kind community.
            </p>
          </Card>
          <Card className="p-5">
            <h2 className="flex items-center gap-2 font-semibold text-ink">
              <Clock aria-hidden="true" className="h-5 w-5 text-brand-700" /> Response time
            </h2>
            <p className="mt-2 text-slate-700">We answer every message within {CONTACT_RESPONSE_TIME}.</p>
          </Card>
        </div>
      </div>
    </div>
  );
}
