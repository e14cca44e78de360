/** The words of the mail that tells her that her password changed: where to write if it was not her. */
import { describe, expect, it } from 'vitest';
import { passwordChangedMail } from './mail-templates.ts';

const ANA = { email: 'ana@example.org', firstName: 'Ana' };
const IF_NOT_YOU = 'If this was not you, reset your password at once and write to us';

describe('the password-changed mail', () => {
  it('gives the support address when the site has one', () => {
    const { text } = passwordChangedMail('Healing Circle', ANA, { email: 'help@healing-circle.test' });
    expect(text).toContain(`${IF_NOT_YOU} at help@healing-circle.test.\n`);
  });

  it('links the contact page, on a line of its own, when the site has no address to give', () => {
    const { text } = passwordChangedMail('Healing Circle', ANA, { contactPage: 'https://healing-circle.test/contact' });
    expect(text).toContain(`${IF_NOT_YOU} through our contact page:\n\nhttps://healing-circle.test/contact\n`);
    expect(text).not.toMatch(/at https:/);
  });

  it('says when a password was removed (passkeys only) or set again, with the way back by a reset link', () => {
    const removed = passwordChangedMail('Healing Circle', ANA, { email: 'help@healing-circle.test' }, 'removed');
    expect(removed.subject).toBe('Your Healing Circle password was removed');
    expect(removed.text).toContain('"Forgot password?" on the sign-in page mails you a link');
    const set = passwordChangedMail('Healing Circle', ANA, { email: 'help@healing-circle.test' }, 'set');
    expect(set.subject).toBe('Your Healing Circle password was set');
    expect(set.text).toContain(IF_NOT_YOU);
  });
});
