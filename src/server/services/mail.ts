/** Mail: nodemailer over SMTP when SMTP_URL is set, otherwise the outbox table plus one log line. */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe on update mail. */
  headers?: Record<string, string>;
  /** Files sent with it, as text (a calendar entry). */
  attachments?: { filename: string; contentType: string; content: string }[];
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  /** The longest a send may take: how long a sender holds a mail before another may try it (mail-delivery.ts). */
  longestSendMs: number;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const LINK_PATTERN = /https?:\/\/[^\s<>"')]+/g;

/** Line breaks, tabs and every other control character (C0, DEL, C1), and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * A header value as one line: text people choose (an update's title, a fundraiser's name) reaches subjects, so
 * control characters become one space and the value is trimmed; a header can then never be split or added to.
 */
export const oneLine = (value: string) => value.replace(CONTROL, ' ').replace(/ {2,}/g, ' ').trim();

/** The message with every header value (subject, reply-to, extra headers) on one line. */
export function withOneLineHeaders(message: MailMessage): MailMessage {
  return {
    ...message,
    subject: oneLine(message.subject),
    ...(message.replyTo === undefined ? {} : { replyTo: oneLine(message.replyTo) }),
    ...(message.headers === undefined
      ? {}
      : { headers: Object.fromEntries(Object.entries(message.headers).map(([k, v]) => [oneLine(k), oneLine(v)])) }),
  };
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  /** How long the mail server may take at each step (connect, greet, each answer): MAIL_TIMEOUT_SECONDS. */
  timeoutSeconds: number;
  db: Db;
  log: FastifyBaseLogger;
  /** Only in development does the outbox's log line name the recipient (never in production logs). */
  env: 'development' | 'test' | 'production';
}): Mailer {
  const { smtpUrl, from, db, log } = options;
  if (smtpUrl) {
    // nodemailer's own limits (up to ten minutes of silence) outlast a sender's hold on a mail (mail-delivery.ts).
    const timeout = options.timeoutSeconds * 1000;
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      dnsTimeout: timeout,
    });
    return {
      kind: 'smtp',
      // Connecting, the greeting, and the two slow answers (to the recipients and to the message).
      longestSendMs: 4 * timeout,
      async send(unsafe) {
        const message = withOneLineHeaders(unsafe);
        await transport.sendMail({ from, ...message });
        // The subject only: recipients and bodies are personal data.
        log.info({ subject: message.subject }, 'mail sent over SMTP');
      },
      close: () => transport.close(),
    };
  }
  return {
    kind: 'outbox',
    longestSendMs: 60_000,
    async send(unsafe) {
      const message = withOneLineHeaders(unsafe);
      const [row] = await db
        .insert(outbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          headers: message.headers ?? null,
          attachments: message.attachments ?? null,
        })
        .returning({ id: outbox.id });
      // In development, one line a newcomer can follow: the links (a reset link, say) and the address, so she can
      // tell her test accounts' mail apart. Elsewhere neither: a link may carry a token, an address is personal.
      const shown =
        options.env === 'development' ? { to: message.to, links: message.text.match(LINK_PATTERN) ?? [] } : {};
      log.info({ outboxId: row?.id, ...shown, subject: message.subject }, 'mail kept in the outbox (no SMTP_URL)');
    },
    close: () => {},
  };
}

/**
 * What may be logged about a failed send: SMTP errors quote recipients and replies, which are personal
 * data, so only the error's code and the server's numeric answer are kept.
 */
export function mailFailure(err: unknown): { code?: string; responseCode?: number } {
  const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
  };
}
