/** The words of every mail we send; links are always built from PUBLIC_URL, never from a request's Host. */
import type { MailMessage } from './mail.ts';

interface Person {
  email: string;
  firstName: string;
}

const signature = (product: string) => `\n\nWith care,\nThe ${product} team\n`;

/** Where a mail tells people to write: the support address, or the contact page while the site gives none. */
export type WriteTo = { email: string } | { contactPage: string };

/** "write to us at <address>." or, for the page, "write to us through our contact page:" and the link on its own line. */
const writeToUs = (to: WriteTo) =>
  'email' in to ? `write to us at ${to.email}.` : `write to us through our contact page:\n\n${to.contactPage}`;

export function verifyEmailMail(product: string, to: Person, link: string): MailMessage {
  return {
    to: to.email,
    subject: `Confirm your email for ${product}`,
    text: `Hello ${to.firstName},\n\nPlease confirm your email address by opening this link:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not create an account, you can ignore this message.${signature(product)}`,
  };
}

export function resetPasswordMail(product: string, to: Person, link: string): MailMessage {
  return {
    to: to.email,
    subject: `Reset your ${product} password`,
    text: `Hello ${to.firstName},\n\nSomeone (hopefully you) asked to reset the password for this account. To choose a new password, open this link:\n\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for this, you can ignore this message: your password stays the same.${signature(product)}`,
  };
}

/** She changed her password, set one (she had none: passkeys only), or removed it (decision 016). */
export function passwordChangedMail(
  product: string,
  to: Person,
  writeTo: WriteTo,
  what: 'changed' | 'set' | 'removed' = 'changed',
): MailMessage {
  const done = {
    changed: ['was changed', 'The password for your account was just changed'],
    set: ['was set', 'A password was just set for your account, which signed in with passkeys only'],
    removed: [
      'was removed',
      'The password for your account was just removed: from now on you sign in with a passkey. If you lose your passkeys, "Forgot password?" on the sign-in page mails you a link to choose a new password',
    ],
  }[what];
  return {
    to: to.email,
    subject: `Your ${product} password ${done[0]}`,
    text: `Hello ${to.firstName},\n\n${done[1]}, and every other signed-in device was signed out.\n\nIf this was not you, reset your password at once and ${writeToUs(writeTo)}${signature(product)}`,
  };
}

/** After `npm run admin:recover`; `passwordless`: she had no password, and a reset link follows this mail. */
export function twoFactorRecoveredMail(product: string, to: Person, passwordless = false): MailMessage {
  const next = passwordless
    ? 'You had no password, so a separate mail brings a link to choose one; then sign in with it'
    : 'Sign in with your password';
  return {
    to: to.email,
    subject: `Your ${product} two-step sign-in was reset`,
    text: `Hello ${to.firstName},\n\nAt your request, the site's operator turned off two-step sign-in for your admin account, removed your passkeys and signed you out everywhere. Your recovery codes no longer work.\n\n${next} and set up two-step sign-in again on your profile before you use the admin pages.\n\nIf you did not ask for this, tell the operator at once and change your password.${signature(product)}`,
  };
}

export function notificationMail(
  product: string,
  to: Person,
  title: string,
  body: string,
  link: string | null,
): MailMessage {
  return {
    to: to.email,
    subject: `${title} | ${product}`,
    text: `Hello ${to.firstName},\n\n${title}${body ? `\n\n${body}` : ''}${link ? `\n\nSee it here:\n\n${link}` : ''}\n\nYou can turn these emails off in your account settings.${signature(product)}`,
  };
}

/** A review step of her fundraiser application: always sent (it is about her own application, not a notification). */
export function fundraiserReviewMail(
  product: string,
  to: Person,
  title: string,
  message: string,
  link: string,
): MailMessage {
  return {
    to: to.email,
    subject: `${title} | ${product}`,
    text: `Hello ${to.firstName},\n\n${title}.\n\n${message}\n\nOpen your fundraiser here:\n\n${link}${signature(product)}`,
  };
}

export function refundRequestReceivedMail(
  product: string,
  to: { email: string; name: string },
  amount: string,
): MailMessage {
  return {
    to: to.email,
    subject: `We received your refund request | ${product}`,
    text: `Hello ${to.name},\n\nWe received your request for a refund of ${amount}. An administrator matches it to the donation we recorded and answers within 10 business days, as the donor agreement says. You do not need to do anything else; if we need more details, we will write to you.${signature(product)}`,
  };
}

export function refundRequestAnswerMail(
  product: string,
  to: { email: string; name: string },
  amount: string,
  outcome: { refunded: true } | { refunded: false; reason: string },
): MailMessage {
  return {
    to: to.email,
    subject: `Your refund request | ${product}`,
    text: outcome.refunded
      ? `Hello ${to.name},\n\nYour refund of ${amount} has been recorded and sent back by the way you gave. Depending on the payment service it can take a few days to appear.${signature(product)}`
      : `Hello ${to.name},\n\nWe looked at your request for a refund of ${amount} and could not grant it:\n\n${outcome.reason}\n\nIf you think this is a mistake, reply to this email or use the contact page.${signature(product)}`,
  };
}

/** Sent once when wrong passwords for the account reach the limit; never carries the password tried. */
export function signInLockedMail(
  product: string,
  to: Person,
  at: Date,
  minutes: number,
  resetLink: string,
): MailMessage {
  return {
    to: to.email,
    subject: `Sign-in to your ${product} account is paused`,
    text: `Hello ${to.firstName},\n\nOn ${at.toUTCString()} someone tried to sign in to your account with a wrong password too many times, so we paused sign-in to it for ${minutes} minutes.\n\nIf this was not you, someone may know or be guessing your password. Please choose a new one here:\n\n${resetLink}\n\nIf you use the same password on other sites, change it there too.${signature(product)}`,
  };
}

/** Sent when someone tries to register with an address that already has an account. */
export function registrationAttemptMail(
  product: string,
  to: Person,
  at: Date,
  signInLink: string,
  resetLink: string,
): MailMessage {
  return {
    to: to.email,
    subject: `Someone tried to register with your address at ${product}`,
    text: `Hello ${to.firstName},\n\nOn ${at.toUTCString()} someone tried to create a new ${product} account with this email address. You already have an account, so nothing was created.\n\nIf it was you, you can sign in here:\n\n${signInLink}\n\nIf you forgot your password, choose a new one here:\n\n${resetLink}\n\nIf it was not you, you can ignore this message.${signature(product)}`,
  };
}

/** What the donor's mails say about her gift and the campaign it went to. */
export interface GiftForMail {
  to: string;
  donorName: string | null;
  amount: string;
  /** "about $73.00 USD" for a gift in another currency. */
  usdEstimate: string | null;
  method: string;
  date: string;
  campaign: string;
  organiser: string;
  transparencyUrl: string;
}

const giftLines = (gift: GiftForMail) =>
  `Amount: ${gift.amount}${gift.usdEstimate ? ` (${gift.usdEstimate})` : ''}\nMethod: ${gift.method}\nDate: ${gift.date}\nCampaign: ${gift.campaign}`;

/** The thank-you and receipt for a recorded gift, with the organiser's receipt wording. */
export function donationReceiptMail(product: string, gift: GiftForMail, receiptNote: string): MailMessage {
  return {
    to: gift.to,
    subject: `Thank you for your gift to ${gift.campaign}`,
    text: `Dear ${gift.donorName ?? 'friend'},\n\nThank you. Your gift has been recorded:\n\n${giftLines(gift)}\n\nEvery gift, and every payment made from the fund with what it paid for, is listed on the transparency page:\n\n${gift.transparencyUrl}\n\n${receiptNote}\n\nWith gratitude,\n${gift.organiser}\n\n(Sent by ${product}.)\n`,
  };
}

/** A short notice that a gift was refunded in full. */
export function donationRefundedMail(product: string, gift: GiftForMail): MailMessage {
  return {
    to: gift.to,
    subject: `Your gift to ${gift.campaign} was refunded`,
    text: `Dear ${gift.donorName ?? 'friend'},\n\nYour gift has been refunded in full:\n\n${giftLines(gift)}\n\nThe refund is listed on the transparency page:\n\n${gift.transparencyUrl}\n\nIf you did not expect this, reply to the organiser, ${gift.organiser}.${signature(product)}`,
  };
}

/** The one mail a donor gets after asking for updates by email: nothing more is sent until she confirms. */
export function confirmUpdatesMail(product: string, to: string, campaign: string, link: string): MailMessage {
  return {
    to,
    subject: `Confirm updates about ${campaign}`,
    text: `Hello,\n\nYou asked for email updates about ${campaign}. To start getting them, confirm this address by opening this link:\n\n${link}\n\nThe link expires in 7 days. If you did not ask for this, ignore this message and you will get nothing more from us.${signature(product)}`,
  };
}

export interface UpdateForMail {
  to: string;
  /** The account holder's first name; null for a donor who followed by email only. */
  firstName: string | null;
  campaign: string;
  title: string;
  paragraphs: readonly string[];
  pageUrl: string;
  /** The page that asks before unsubscribing (for the link in the text). */
  unsubscribePage: string;
  /** The one-click address for List-Unsubscribe (RFC 8058): a POST there unsubscribes. */
  oneClickUrl: string;
}

/** A dated campaign update, with an unsubscribe link and header that work without signing in. */
export function campaignUpdateMail(product: string, update: UpdateForMail): MailMessage {
  return {
    to: update.to,
    subject: `${update.campaign}: ${update.title}`,
    text: `Hello${update.firstName ? ` ${update.firstName}` : ''},\n\n${update.campaign} has a new update.\n\n${update.title}\n\n${update.paragraphs.join('\n\n')}\n\nRead it on the campaign page:\n\n${update.pageUrl}${signature(product)}\nYou get this because you asked for updates about ${update.campaign}. To stop them, open:\n${update.unsubscribePage}\n`,
    headers: {
      'List-Unsubscribe': `<${update.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** An admin invite made for one address (the link works for it alone), from the super admin who made it. */
export function adminInviteMail(
  product: string,
  invite: { to: string; from: string | null; level: string; link: string; expiresAt: Date },
): MailMessage {
  const who = invite.from ? `${invite.from} invited you` : 'You are invited';
  return {
    to: invite.to,
    subject: `You are invited to be an admin of ${product}`,
    text: `Hello,\n\n${who} to be a ${invite.level} of ${product}. To create your admin account with this email address, open this link:\n\n${invite.link}\n\nThe link works once, only for this address, until ${invite.expiresAt.toUTCString()}. If you did not expect this, you can ignore this message.${signature(product)}`,
  };
}

export interface ThanksForMail {
  to: string;
  /** The fundraiser's owner, by first name: the thank-you is hers. */
  organiser: string;
  campaign: string;
  message: string;
  pageUrl: string;
}

/** A fundraiser owner's thank-you to a donor who left her address with a gift: the owner never sees the address. */
export function donorThanksMail(product: string, thanks: ThanksForMail): MailMessage {
  return {
    to: thanks.to,
    // What the owner chose reaches the subject; the mailer puts every header on one line (withOneLineHeaders).
    subject: `A thank-you from ${thanks.organiser} | ${product}`,
    text: `Hello,\n\n${thanks.organiser} wrote to everyone who gave to ${thanks.campaign}:\n\n${thanks.message}\n\nHer fundraiser's page, with its updates and where every dollar goes:\n\n${thanks.pageUrl}\n\nYou get this once, because you left your email address with your gift. ${thanks.organiser} does not see your address.${signature(product)}`,
  };
}
