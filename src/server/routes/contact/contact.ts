/** The /contact form: stored, then mailed to the support address. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as endpoints from '#shared/contract/contact.ts';
import { sendContactMessage } from '../../commands/contact.ts';
import { route } from '../endpoint.ts';

const contact: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    endpoints.send,
    { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } } },
    async (request, reply) => {
      const { altcha, ...input } = request.body;
      await app.altcha.verify(altcha);
      const { support } = (await app.campaigns.mainAppeal()).content;
      const id = await request.run(sendContactMessage, input, support.email);
      return reply.status(201).send({ id });
    },
  );
};
export default contact;
