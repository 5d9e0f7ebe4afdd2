import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useNavigate } from 'react-router';
import { PASSWORD_MAX, USER_EMAIL_MAX } from '../../../../domain/users/limits';
import { paths } from '../../../config/paths';
import { AuthCard } from '../components/auth-card';
import { ErrorAlert } from '../components/form-alert';
import { useAuth } from '../hooks/use-auth';
import { redirectAfterSignIn } from '../utils/redirect-after-sign-in';

export function LoginPage() {
  const { signIn, loading, error } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // A password just set from a link whose sign-in failed sends its email along.
  const email = (location.state as { email?: unknown } | null)?.email;
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: typeof email === 'string' ? email : '', password: '' },
  });

  const handleSubmit = form.onSubmit(async (values) => {
    const signedIn = await signIn(values);
    if (signedIn)
      await navigate(redirectAfterSignIn(location.state, signedIn.role), { replace: true });
  });

  return (
    <AuthCard
      title="Sign in"
      footer={
        <Group justify="space-between" gap="xs">
          {/* Keeps the page the visitor was sent from, so signing up returns there too. */}
          <Anchor component={Link} to={paths.signup} state={location.state as unknown}>
            Create an account
          </Anchor>
          <Anchor component={Link} to={paths.forgotPassword}>
            Forgot your password?
          </Anchor>
        </Group>
      }
    >
      <form onSubmit={handleSubmit}>
        <Stack>
          {error ? <ErrorAlert>{error}</ErrorAlert> : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            maxLength={USER_EMAIL_MAX}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth disabled={loading} mt="xs">
            {loading ? 'Signing in...' : 'Sign in'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
