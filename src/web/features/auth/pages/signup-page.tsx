import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useNavigate } from 'react-router';
import { PASSWORD_MAX, USER_EMAIL_MAX, USER_NAME_MAX } from '../../../../domain/users/limits';
import { paths } from '../../../config/paths';
import { AuthCard } from '../components/auth-card';
import { ErrorAlert } from '../components/form-alert';
import { useAuth } from '../hooks/use-auth';
import { redirectAfterSignIn } from '../utils/redirect-after-sign-in';
import { MIN_PASSWORD_LENGTH } from '../utils/password';

export function SignupPage() {
  const { signUp, loading, error } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', password: '' },
  });

  const handleSubmit = form.onSubmit(async (values) => {
    const signedIn = await signUp({ ...values, name: values.name.trim() });
    if (signedIn)
      await navigate(redirectAfterSignIn(location.state, signedIn.role), { replace: true });
  });

  return (
    <AuthCard
      title="Create an account"
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to={paths.login} state={location.state as unknown}>
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={handleSubmit}>
        <Stack>
          {error ? <ErrorAlert>{error}</ErrorAlert> : null}
          <TextInput
            label="Name"
            autoComplete="name"
            required
            maxLength={USER_NAME_MAX}
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
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
            description={`At least ${MIN_PASSWORD_LENGTH} characters`}
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            maxLength={PASSWORD_MAX}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth disabled={loading} mt="xs">
            {loading ? 'Creating account...' : 'Create account'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
