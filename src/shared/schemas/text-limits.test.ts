/**
 * The long texts the forms count as she types (TextAreaField's `counter`): each box counts against the limit its
 * schema keeps, which takes a text of exactly that length and refuses one character more with a message that says
 * what to do (the box no longer cuts the text, so this message is what she reads).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CONTACT_FIELD_MAX } from '../constants.ts';
import { SUSPEND_REASON_MAX, SuspendSchema } from './admin-users.ts';
import { ContactFormSchema } from './contact.ts';
import { RejectDoctorFormSchema, VERIFICATION_REASON_MAX } from './doctors.ts';
import { THANK_YOU_MAX, ThankDonorsSchema } from './fundraiser-gifts.ts';
import { PAYEE_ROUTE_MAX, PayeeSchema, REVIEW_MESSAGE_MAX, ReviewMessageSchema } from './fundraisers.ts';
import { MEDICAL_REVIEW_NOTE_MAX, MedicalDeclineFormSchema } from './medical-reviews.ts';
import {
  DeclineRefundRequestSchema,
  EXPENSE_DESCRIPTION_MAX,
  HoldExpenseFormSchema,
  PUBLIC_DESCRIPTION_MAX,
  PublicDescriptionSchema,
  REFUND_REQUEST_REASON_MAX,
  RefundDonationFormSchema,
  RefundRequestFormSchema,
  RejectExpenseFormSchema,
  SPENDING_REASON_MAX,
  SubmitExpenseSchema,
} from './spending.ts';
import { MODERATION_REASON_MAX, ModerationReasonSchema, REPORT_REASON_MAX, ReportReplySchema } from './stories.ts';

const LIMITS: [string, z.ZodType, number, string][] = [
  ['a thank-you', ThankDonorsSchema.shape.message, THANK_YOU_MAX, 'Keep your thank-you under 1,000 characters'],
  [
    'a contact message',
    ContactFormSchema.shape.message,
    CONTACT_FIELD_MAX.message,
    'Message must be at most 5000 characters',
  ],
  [
    'a refund request',
    RefundRequestFormSchema.shape.reason,
    REFUND_REQUEST_REASON_MAX,
    'Keep the reason under 2,000 characters',
  ],
  [
    'a doctor’s note',
    MedicalDeclineFormSchema.shape.note,
    MEDICAL_REVIEW_NOTE_MAX,
    'Keep the note under 2000 characters',
  ],
  [
    'an expense',
    SubmitExpenseSchema.shape.description,
    EXPENSE_DESCRIPTION_MAX,
    'Keep the description under 2,000 characters',
  ],
  ['a suspension', SuspendSchema.shape.reason, SUSPEND_REASON_MAX, 'Keep the reason under 500 characters'],
  [
    'a doctor’s rejection',
    RejectDoctorFormSchema.shape.reason,
    VERIFICATION_REASON_MAX,
    'Keep the reason under 500 characters',
  ],
  [
    'an expense rejected',
    RejectExpenseFormSchema.shape.reason,
    SPENDING_REASON_MAX,
    'Keep the reason under 500 characters',
  ],
  ['an expense held', HoldExpenseFormSchema.shape.reason, SPENDING_REASON_MAX, 'Keep the reason under 500 characters'],
  [
    'a refund declined',
    DeclineRefundRequestSchema.shape.reason,
    SPENDING_REASON_MAX,
    'Keep the reason under 500 characters',
  ],
  ['a refund', RefundDonationFormSchema.shape.reason, SPENDING_REASON_MAX, 'Keep the reason under 500 characters'],
  ['a report of a reply', ReportReplySchema.shape.reason, REPORT_REASON_MAX, 'Keep the reason under 500 characters'],
  [
    'a story moderated',
    ModerationReasonSchema.shape.reason,
    MODERATION_REASON_MAX,
    'Keep the reason under 500 characters',
  ],
  [
    'a fundraiser review',
    ReviewMessageSchema.shape.message,
    REVIEW_MESSAGE_MAX,
    'Keep the message under 2000 characters',
  ],
  [
    'a public description',
    PublicDescriptionSchema.shape.publicDescription,
    PUBLIC_DESCRIPTION_MAX,
    'The public description must be at most 300 characters',
  ],
  ['a payee’s route', PayeeSchema.shape.route, PAYEE_ROUTE_MAX, 'Keep this under 1000 characters'],
];

describe('the limits the forms count against', () => {
  it.each(LIMITS)('%s: takes exactly its limit and refuses one more, saying so', (_what, schema, max, message) => {
    expect(schema.safeParse('a'.repeat(max)).success).toBe(true);
    const over = schema.safeParse('a'.repeat(max + 1));
    expect(over.success).toBe(false);
    expect(over.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});
