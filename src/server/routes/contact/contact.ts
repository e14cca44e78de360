/** The /contact form: stored, then mailed to the support address. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailFailure } from '../../services/mail.ts';
import { z } from 'zod';
import { ContactMessageSchema } from '#shared/schemas/contact.ts';
import { contactMessages } from '../../db/schema/index.ts';

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
      const [row] = await app.db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
      const { support, product } = (await app.campaigns.current()).content;
      // The message is safely stored; a mail failure must not lose it or fail the visitor.
      await app.mailer
        .send({
          to: support.email,
          replyTo: input.email,
          subject: `[${product.name} contact] ${input.subject}`,
          text: `From: ${input.name} <${input.email}>\n\n${input.message}\n`,
        })
        .catch((err: unknown) => request.log.error({ mail: mailFailure(err) }, 'contact mail could not be sent'));
      return reply.status(201).send({ id: row!.id });
    },
  );
};
export default contact;
