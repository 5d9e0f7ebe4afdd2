import { ErrorResponseSchema } from '../../../domain/api';
import {
  MailIdParamsSchema,
  OutboxPageSchema,
  OutboxQuerySchema,
  ResendMailResponseSchema,
} from '../../../domain/mail';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { listOutbox } from './mail-repository';
import { defineFeature } from '../../plugins/app/feature';

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'mail'] as const;

/** Admin → Mail: the outbox every mail of the app goes through, and sending one again. */
export const mailRoutes = defineFeature('mail', SERVICES, async (app) => {
  const { db, mailer } = app;

  app.get(
    '/api/mail',
    {
      config: { permission: 'mail:manage' },
      schema: {
        tags: ['mail'],
        summary: 'Every mail the app sent or holds, newest first',
        description:
          'Searched by recipient or subject (q), filtered by status (sent, held without SMTP, failed with the SMTP error), a page at a time (limit, offset); total counts every match.',
        querystring: OutboxQuerySchema,
        response: { 200: OutboxPageSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => listOutbox(db, request.query),
  );

  app.post(
    '/api/mail/:id/resend',
    {
      config: { permission: 'mail:manage' },
      schema: {
        tags: ['mail'],
        summary: 'Send a mail again',
        description:
          'The copy is a new outbox mail linked to the original (resendOf), sent through the SMTP server when one is configured, else held.',
        params: MailIdParamsSchema,
        response: { 201: ResendMailResponseSchema, ...PROTECTED_ERRORS, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const mail = await mailer.resend(request.params.id);
      return reply.status(201).send({ mail });
    },
  );
});
