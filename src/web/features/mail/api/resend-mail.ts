import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxMail } from '../../../../domain/mail';
import { api } from '../../../lib/api-client';
import { OUTBOX_QUERY_KEY } from './get-outbox';

/** POST /api/mail/:id/resend: a copy of the mail, sent again. */
export function resendMail(id: string) {
  return api<{ mail: OutboxMail }>(`/mail/${id}/resend`, { method: 'POST' });
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY }),
  });
}
