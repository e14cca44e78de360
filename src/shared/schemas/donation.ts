/** Donation intents (the donate page) and the donation read side. */
import { z } from 'zod';
import { DONATE_PAYMENT_METHODS, MESSAGE_MAX } from '../constants.ts';
import { DollarAmountSchema, optionalText } from './common.ts';

export const DonationIntentSchema = z.strictObject({
  amount: DollarAmountSchema,
  message: optionalText(MESSAGE_MAX, 'Message'),
  paymentMethod: z.enum(DONATE_PAYMENT_METHODS, {
    error: `Payment method must be one of: ${DONATE_PAYMENT_METHODS.join(', ')}`,
  }),
  timestamp: z.iso.datetime({ offset: true, error: 'Timestamp must be an ISO 8601 date-time' }),
});
export type DonationIntentInput = z.input<typeof DonationIntentSchema>;
export type DonationIntent = z.output<typeof DonationIntentSchema>;

export const DonationIntentCreatedSchema = z.object({ id: z.uuid() });
