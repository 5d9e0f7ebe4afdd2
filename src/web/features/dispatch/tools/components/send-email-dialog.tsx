import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { DISPATCH_TOOL_FIELD_MAX, SendEmailInputSchema } from '../../../../../domain/dispatch/api';
import { useFormFocus } from '../../../../lib/form-focus';
import { schemaError } from '../../../../lib/schema-error';
import { useSendEmail } from '../api/send-email';

type SendEmailDialogProps = { defaultTo?: string; onSent: () => void };

/** A mail to a customer; without SMTP it waits in the outbox for an admin. */
export function SendEmailDialog({ defaultTo = '', onSent }: SendEmailDialogProps) {
  const sendEmail = useSendEmail();
  const form = useForm({
    mode: 'controlled',
    initialValues: { to: defaultTo, subject: '', message: '' },
    validate: {
      to: (value) =>
        schemaError(SendEmailInputSchema.shape.to, value.trim(), 'Enter a valid email address'),
      subject: (value) => (value.trim() ? null : 'Enter a subject'),
      message: (value) => (value.trim() ? null : 'Enter a message'),
    },
  });
  const { formRef, focusRefused, showRefusal } = useFormFocus(sendEmail.isPending);

  const submit = form.onSubmit(
    (values) =>
      sendEmail.mutate(
        { to: values.to.trim(), subject: values.subject.trim(), message: values.message },
        {
          onSuccess: ({ status }) => {
            notifications.show(
              status === 'sent'
                ? { color: 'green', title: 'Email sent', message: `Sent to ${values.to.trim()}.` }
                : {
                    color: 'yellow',
                    title: 'Email kept in the outbox',
                    message:
                      'No mail server is configured, so the email was kept in the outbox, where an admin can read it.',
                  },
            );
            form.reset();
            onSent();
          },
          onError: (error) => {
            showRefusal(error, form.setErrors, 'Could not send the email');
          },
        },
      ),
    focusRefused,
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="To"
          type="email"
          placeholder="name@example.com"
          required
          data-autofocus
          maxLength={DISPATCH_TOOL_FIELD_MAX.emailTo}
          {...form.getInputProps('to')}
        />
        <TextInput
          label="Subject"
          required
          maxLength={DISPATCH_TOOL_FIELD_MAX.emailSubject}
          {...form.getInputProps('subject')}
        />
        <Textarea
          label="Message"
          required
          rows={8}
          resize="vertical"
          maxLength={DISPATCH_TOOL_FIELD_MAX.emailMessage}
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={sendEmail.isPending}>
            Send Email
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
