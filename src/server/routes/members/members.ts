/**
 * A member's page (decision 020): her community name, role and picture, the health answers she shows this viewer
 * and her listed stories this viewer may read whole. Not rendered by the server: each reader's answer differs.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/field-visibility.ts';
import { AppError } from '#shared/errors.ts';
import { activeMember, fieldVisibilitiesOf, patientAnswersOf } from '../../db/queries/field-visibility.ts';
import { listedStoriesBy } from '../../db/queries/stories.ts';
import { presentMemberPage } from '../../presenters/field-visibility.ts';
import { route } from '../endpoint.ts';

const members: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.memberPage, {}, async (request, reply, { viewer }) => {
    const member = await activeMember(app.db, request.params.id);
    if (!member) throw new AppError('NOT_FOUND', 'No such member');
    // An outsider reads a members-only story's preview without its author's name (decision 018), so her page does
    // not list those to an outsider: it would name her as their author.
    const audiences = viewer ? (['public', 'members'] as const) : (['public'] as const);
    const [answers, settings, stories] = await Promise.all([
      patientAnswersOf(app.db, member.id),
      fieldVisibilitiesOf(app.db, member.id),
      listedStoriesBy(app.db, member.id, audiences),
    ]);
    // What a signed-in member reads differs from an outsider's answer: a shared cache never keeps hers.
    return reply
      .header('cache-control', viewer ? 'private, no-cache' : 'no-cache')
      .header('x-robots-tag', 'noindex')
      .send(presentMemberPage(member, answers, settings, stories, viewer));
  });
};
export default members;
