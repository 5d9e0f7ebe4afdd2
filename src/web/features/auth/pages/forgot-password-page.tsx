import { useState } from 'react';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { USER_EMAIL_MAX } from '../../../../domain/users/limits';
import { paths } from '../../../config/paths';
import { AuthCard } from '../components/auth-card';
import { ErrorAlert, SuccessAlert } from '../components/form-alert';
import { useAuth } from '../hooks/use-auth';

export function ForgotPasswordPage() {
  const { requestPasswordReset, loading, error } = useAuth();
  const [isSent, setIsSent] = useState(false);
  const form = useForm({ mode: 'uncontrolled', initialValues: { email: '' } });

  const handleSubmit = form.onSubmit(async (values) => {
    setIsSent(false);
    const sent = await requestPasswordReset(values);
    if (sent) setIsSent(true);
  });

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter your email and we will send you a link to set a new password."
      footer={
        <Anchor component={Link} to={paths.login}>
          Back to sign in
        </Anchor>
      }
    >
      <form onSubmit={handleSubmit}>
        <Stack>
          {error ? <ErrorAlert>{error}</ErrorAlert> : null}
          {isSent ? (
            <SuccessAlert>
              If an account exists for that email, a reset link is on its way.
            </SuccessAlert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            maxLength={USER_EMAIL_MAX}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth disabled={loading} mt="xs">
            {loading ? 'Sending...' : 'Send reset link'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
