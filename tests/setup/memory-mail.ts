/** A mail server in memory for API tests: it keeps each message it takes, and refuses every one while `down`. */
import type { MailMessage, Mailer } from '../../src/server/services/mail.ts';

export interface MemoryMail {
  mailer: Mailer;
  /** What it took, in order. */
  sent: MailMessage[];
  down: boolean;
}

/** `refusal` is the error a send meets while the server is down (a 421, a refused connection). */
export function memoryMail(
  refusal: () => Error = () => Object.assign(new Error('4.3.2 Service not available'), { responseCode: 421 }),
): MemoryMail {
  const mail: MemoryMail = {
    sent: [],
    down: false,
    mailer: {
      kind: 'smtp',
      longestSendMs: 60_000,
      async send(message) {
        if (mail.down) throw refusal();
        mail.sent.push(message);
      },
      close() {},
    },
  };
  return mail;
}
