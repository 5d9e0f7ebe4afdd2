import { useMutation } from '@tanstack/react-query';
import type { SendEmailInput, SendEmailResponse } from '../../../../../domain/dispatch';
import { api } from '../../../../lib/api-client';

/** 'sent' with SMTP configured, else 'kept-in-outbox' (an admin reads the outbox). */
export function sendEmail(input: SendEmailInput) {
  return api<SendEmailResponse>('/emails', { method: 'POST', body: input });
}

export function useSendEmail() {
  return useMutation({ mutationFn: sendEmail });
}
