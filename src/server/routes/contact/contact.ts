/** The /contact form: stored, then mailed to the support address. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ContactMessageSchema } from '#shared/schemas/contact.ts';
import { sendContactMessage } from '../../commands/contact.ts';

const contact: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact',
    {
      schema: { body: ContactMessageSchema, response: { 201: z.object({ id: z.uuid() }) } },
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
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
