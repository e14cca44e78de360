/**
 * A patient's own fundraiser (decision 009): read, save the draft, submit for review, withdraw; once live, post
 * updates, edit the story, propose a money change, close it; once approved, read its gifts and thank its donors.
 */
import { z } from 'zod';
import { FundraiserDraftSchema } from '../schemas/fundraisers.ts';
import { OwnGiftsSchema, ThankDonorsSchema } from '../schemas/fundraiser-gifts.ts';
import {
  FundraiserMoneyChangeSchema,
  FundraiserStoryEditSchema,
  FundraiserUpdateSchema,
  MyFundraiserSchema,
} from '../schemas/live-fundraisers.ts';
import { PageQuerySchema } from '../schemas/paging.ts';
import { endpoint } from './endpoint.ts';

const patient = { role: 'patient' } as const;
const PATH = '/api/my-fundraiser';
const mine = ['my-fundraiser'] as const;
/** What a live fundraiser's page shows changes too. */
const mineAndPublic = ['my-fundraiser', 'fundraisers'] as const;

export const get = endpoint({
  method: 'GET',
  path: PATH,
  access: patient,
  resource: 'my-fundraiser',
  responses: { 200: MyFundraiserSchema },
});
export const save = endpoint({
  method: 'PUT',
  path: PATH,
  access: patient,
  body: FundraiserDraftSchema,
  responses: { 200: MyFundraiserSchema },
  changes: mine,
});
export const submit = endpoint({
  method: 'POST',
  path: `${PATH}/submit`,
  access: patient,
  responses: { 200: MyFundraiserSchema },
  changes: mine,
});
export const withdraw = endpoint({
  method: 'DELETE',
  path: PATH,
  access: patient,
  responses: { 204: null },
  changes: mine,
});
export const postUpdate = endpoint({
  method: 'POST',
  path: `${PATH}/updates`,
  access: patient,
  body: FundraiserUpdateSchema,
  responses: { 201: MyFundraiserSchema.extend({ notified: z.number().int() }) },
  changes: mineAndPublic,
});
export const editStory = endpoint({
  method: 'PUT',
  path: `${PATH}/story`,
  access: patient,
  body: FundraiserStoryEditSchema,
  responses: { 200: MyFundraiserSchema },
  changes: mineAndPublic,
});
export const proposeMoneyChange = endpoint({
  method: 'PUT',
  path: `${PATH}/money-change`,
  access: patient,
  body: FundraiserMoneyChangeSchema,
  responses: { 200: MyFundraiserSchema },
  changes: mine,
});
export const withdrawMoneyChange = endpoint({
  method: 'DELETE',
  path: `${PATH}/money-change`,
  access: patient,
  responses: { 200: MyFundraiserSchema },
  changes: mine,
});
export const close = endpoint({
  method: 'POST',
  path: `${PATH}/close`,
  access: patient,
  responses: { 200: MyFundraiserSchema },
  changes: mineAndPublic,
});
export const gifts = endpoint({
  method: 'GET',
  path: `${PATH}/gifts`,
  access: patient,
  resource: 'my-fundraiser',
  query: PageQuerySchema,
  responses: { 200: OwnGiftsSchema },
});
export const thankDonors = endpoint({
  method: 'POST',
  path: `${PATH}/thank-donors`,
  access: patient,
  body: ThankDonorsSchema,
  responses: { 200: z.object({ sent: z.number().int() }) },
  changes: mine,
});
