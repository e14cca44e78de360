/** An in-process SMTP server that keeps what it receives, so tests see real mail. */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  /** While true, every message is refused with 421 after its data, as a provider that is down answers. */
  refusing: boolean;
  /**
   * While true, no message gets an answer after its data, as a provider that hangs: the sender gives up (its
   * timeout) or dies, and the message is not taken.
   */
  hanging: boolean;
  /** How many messages are waiting for an answer that will not come (while `hanging`). */
  readonly unanswered: number;
  /** Resolves with the next message (or one already received and not yet taken). */
  next(): Promise<CapturedMail>;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const state = { refusing: false, hanging: false, unanswered: 0 };
  const waiting: ((m: CapturedMail) => void)[] = [];
  let taken = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.hanging) {
          state.unanswered++;
          return;
        }
        if (state.refusing)
          return callback(
            Object.assign(new Error('4.3.2 Service not available, try again later'), { responseCode: 421 }),
          );
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        messages.push(mail);
        const resolve = waiting.shift();
        if (resolve) {
          taken++;
          resolve(mail);
        }
        callback();
      });
    },
  });
  // A sender killed mid-message (the fault tests do it) resets its connection: smtp-server emits that as an 'error',
  // which with no listener would be the test process's uncaught exception. The message is simply not taken.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refusing() {
      return state.refusing;
    },
    set refusing(on: boolean) {
      state.refusing = on;
    },
    get hanging() {
      return state.hanging;
    },
    set hanging(on: boolean) {
      state.hanging = on;
    },
    get unanswered() {
      return state.unanswered;
    },
    next() {
      if (taken < messages.length) return Promise.resolve(messages[taken++]!);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
