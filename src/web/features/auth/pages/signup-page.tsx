import { Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { NewAccountFields } from '../components/new-account-fields';
import { AuthCard } from '../components/auth-card';
import { ErrorAlert } from '../components/form-alert';
import { useAuth } from '../hooks/use-auth';
import { redirectAfterSignIn } from '../utils/redirect-after-sign-in';

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
          <NewAccountFields form={form} />
          <Button type="submit" fullWidth disabled={loading} mt="xs">
            {loading ? 'Creating account...' : 'Create account'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
