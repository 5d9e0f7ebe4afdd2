import { ErrorResponseSchema } from '../../../domain/api';
import {
  CorporateAccountListResponseSchema,
  CorporateAccountResponseSchema,
  CreateCorporateAccountInputSchema,
  SendEmailInputSchema,
  SendEmailResponseSchema,
} from '../../../domain/dispatch';
import { Conflict } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { createAccount, listAccounts } from './dispatch-repository';
import { defineFeature } from '../../plugins/app/feature';

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'mail'] as const;

/** The dispatcher top bar: corporate accounts and Send Email (Multi Booking is the bookings feature's). */
export const dispatchToolsRoutes = defineFeature('dispatch', SERVICES, async (app) => {
  const { db, mailer } = app;

  app.get(
    '/api/accounts',
    {
      config: { permission: 'accounts:read' },
      schema: {
        tags: ['dispatch'],
        summary: 'Corporate accounts, by code',
        response: { 200: CorporateAccountListResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async () => ({ accounts: await listAccounts(db) }),
  );

  app.post(
    '/api/accounts',
    {
      config: { permission: 'bookings:write' },
      schema: {
        tags: ['dispatch'],
        summary: 'Create a corporate account (code stored in upper case)',
        body: CreateCorporateAccountInputSchema,
        response: {
          201: CorporateAccountResponseSchema,
          ...PROTECTED_ERRORS,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const account = await createAccount(db, request.body);
      if (!account) {
        throw new Conflict(`Account code ${request.body.code} already exists.`, {
          code: 'already exists',
        });
      }
      return reply.status(201).send({ account });
    },
  );

  app.post(
    '/api/emails',
    {
      config: { permission: 'bookings:write' },
      schema: {
        tags: ['dispatch'],
        summary: 'Send an email (kept in the outbox when no SMTP server is configured)',
        body: SendEmailInputSchema,
        response: { 202: SendEmailResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request, reply) => {
      const { to, subject, message } = request.body;
      // A mail the server could not send stays in the outbox with the error (Admin → Mail).
      // The dispatcher's message goes as they wrote it: they sign it themselves.
      const mail = await mailer.send({ to, subject, text: message }, { signOff: false });
      return reply.status(202).send({ status: mail.status === 'sent' ? 'sent' : 'kept-in-outbox' });
    },
  );
});
