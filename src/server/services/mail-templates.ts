/** The words of every mail we send; links are always built from PUBLIC_URL, never from a request's Host. */
import type { MailMessage } from './mail.ts';

interface Person {
  email: string;
  firstName: string;
}

const signature = (product: string) => `\n\nWith care,\nThe ${product} team\n`;

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

export function passwordChangedMail(product: string, to: Person, supportEmail: string): MailMessage {
  return {
    to: to.email,
    subject: `Your ${product} password was changed`,
    text: `Hello ${to.firstName},\n\nThe password for your account was just changed, and every other signed-in device was signed out.\n\nIf this was not you, reset your password at once and write to us at ${supportEmail}.${signature(product)}`,
  };
}

export function notificationMail(product: string, to: Person, title: string, body: string, link: string | null): MailMessage {
  return {
    to: to.email,
    subject: `${title} | ${product}`,
    text: `Hello ${to.firstName},\n\n${title}${body ? `\n\n${body}` : ''}${link ? `\n\nSee it here:\n\n${link}` : ''}\n\nYou can turn these emails off in your account settings.${signature(product)}`,
  };
}
