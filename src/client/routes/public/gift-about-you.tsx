/**
 * The gift form's "About you": her name and email, filled in from her account when she is signed in, and whether to
 * show her name and to get updates. Below the fold on a phone, so its code loads as she comes to it (belowFold);
 * until then its fields are the server's HTML, which keeps what she types, and the form reads them when she
 * chooses a method either way.
 */
import { use, useEffect, useRef, useState } from 'react';
import { DONOR_NAME_MAX } from '#shared/constants.ts';
import { UPDATES_NEED_EMAIL } from '#shared/update-messages.ts';
import { useCurrentUser } from '#client/hooks/use-current-user.ts';
import { GiftRecipient, fieldClass, labelClass } from './gift-form.tsx';

const NOT_AN_EMAIL = 'Please enter a valid email address, or leave it empty.';

export default function GiftAboutYou() {
  const recipientName = use(GiftRecipient);
  const { user } = useCurrentUser();
  const [emailError, setEmailError] = useState<string | null>(null);
  const name = useRef<HTMLInputElement>(null);
  const email = useRef<HTMLInputElement>(null);
  const follow = useRef<HTMLInputElement>(null);
  const filled = useRef(false);

  /** Updates need an address: said by the email field's own validity, which the form checks before a method opens. */
  const needEmail = () =>
    email.current!.setCustomValidity(follow.current!.checked && !email.current!.value.trim() ? UPDATES_NEED_EMAIL : '');
  // As the boxes are now: ticked before this part hydrated, too.
  useEffect(needEmail, []);

  useEffect(() => {
    // Signed in: her name and email, hers to change; filled once, never over what she typed.
    if (!user || filled.current) return;
    filled.current = true;
    name.current!.value ||= `${user.firstName} ${user.lastName}`;
    email.current!.value ||= user.email;
    needEmail();
  }, [user]);

  const changed = () => {
    needEmail();
    setEmailError(null);
  };

  return (
    <fieldset className="space-y-3">
      <legend className={labelClass}>About you (optional)</legend>
      <div>
        <label htmlFor="donor-name" className={labelClass}>
          Your name
        </label>
        <input
          id="donor-name"
          name="donorName"
          ref={name}
          type="text"
          autoComplete="name"
          maxLength={DONOR_NAME_MAX}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor="donor-email" className={labelClass}>
          Email for your thank-you and receipt
        </label>
        <input
          id="donor-email"
          name="donorEmail"
          ref={email}
          type="email"
          autoComplete="email"
          maxLength={254}
          onChange={changed}
          // The form checks the field when she chooses a method (its own rule, or "updates need an email").
          onInvalid={(e) =>
            setEmailError(e.currentTarget.validity.customError ? e.currentTarget.validationMessage : NOT_AN_EMAIL)
          }
          aria-invalid={emailError !== null}
          aria-describedby={emailError ? 'donor-email-error' : 'donor-email-hint'}
          className={fieldClass}
        />
        {emailError ? (
          <p id="donor-email-error" className="mt-1 text-sm text-red-700">
            {emailError}
          </p>
        ) : (
          <p id="donor-email-hint" className="mt-1 text-sm text-slate-600">
            Sent once your gift is recorded. Never shown or shared.
          </p>
        )}
      </div>
      <label className="flex items-start gap-3 text-slate-800">
        <input type="checkbox" name="showPublicly" className="mt-1 h-5 w-5 shrink-0" />
        <span>
          Show my name and gift publicly
          <span className="block text-sm text-slate-600">
            Your name and message appear under Recent Supporters. Otherwise your gift shows as Anonymous.
          </span>
        </span>
      </label>
      <label className="flex items-start gap-3 text-slate-800">
        <input type="checkbox" name="followUpdates" ref={follow} onChange={changed} className="mt-1 h-5 w-5 shrink-0" />
        <span>
          Email me {recipientName}'s updates
          <span className="block text-sm text-slate-600">
            We first send one mail to confirm your address. Every update has a link to stop them.
          </span>
        </span>
      </label>
    </fieldset>
  );
}
