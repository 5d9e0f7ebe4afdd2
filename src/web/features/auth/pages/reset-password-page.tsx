import { useState } from 'react';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { matchesField, useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { homePathFor } from '../../../../domain/access';
import { PASSWORD_MAX } from '../../../../domain/users/limits';
import { paths } from '../../../config/paths';
import { AuthCard } from '../components/auth-card';
import { ErrorAlert, SuccessAlert } from '../components/form-alert';
import { useAuth, type PasswordSet } from '../hooks/use-auth';
import { MIN_PASSWORD_LENGTH } from '../utils/password';

const INVALID_LINK = 'This reset link is invalid or has expired.';
const INVALID_INVITATION =
  'This invitation link is invalid or has expired. Ask for a new link with the email address you were invited at.';

/** What the page says: to someone invited (the link's `invited=1`), or to someone resetting. */
const WORDS = {
  reset: {
    title: 'Set a new password',
    invalid: INVALID_LINK,
    newLink: 'Request a new reset link',
    done: 'Your password has been changed. You can now sign in with it.',
    submit: 'Set new password',
  },
  invited: {
    title: 'Choose your password',
    invalid: INVALID_INVITATION,
    newLink: 'Request a new link',
    done: 'Your password is set. Sign in with your email address and this password.',
    submit: 'Set my password',
  },
} as const;

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const linkError = searchParams.get('error');
  const isInvited = searchParams.get('invited') === '1';
  const words = WORDS[isInvited ? 'invited' : 'reset'];
  const { resetPassword, loading, error } = useAuth();
  const navigate = useNavigate();
  /** Set when the password is set but signing in with it failed. */
  const [done, setDone] = useState<PasswordSet | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: { confirmPassword: matchesField('newPassword', 'Passwords do not match') },
  });

  // Either way the page's entry is replaced, so the spent token leaves the
  // address bar and the history.
  const handleSubmit = form.onSubmit(async ({ newPassword }) => {
    if (!token) return;
    const result = await resetPassword({ newPassword, token });
    if (!result) return;
    if (result.signedIn?.user) {
      await navigate(homePathFor(result.signedIn.role), { replace: true });
      return;
    }
    setDone(result);
    await navigate({ search: isInvited ? '?invited=1' : '' }, { replace: true });
  });

  if (done) {
    return (
      <AuthCard
        title={words.title}
        footer={
          // The login page fills the email in: only the new password is typed again.
          <Anchor
            component={Link}
            to={paths.login}
            state={done.email ? { email: done.email } : null}
          >
            Sign in
          </Anchor>
        }
      >
        <Stack>
          <SuccessAlert>{words.done}</SuccessAlert>
          {!done.signedIn && done.signInError ? <ErrorAlert>{done.signInError}</ErrorAlert> : null}
        </Stack>
      </AuthCard>
    );
  }

  if (linkError !== null || !token) {
    return (
      <AuthCard
        title={words.title}
        footer={
          <Anchor component={Link} to={paths.forgotPassword}>
            {words.newLink}
          </Anchor>
        }
      >
        <ErrorAlert>{words.invalid}</ErrorAlert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={words.title}
      footer={
        <Anchor component={Link} to={paths.login}>
          Back to sign in
        </Anchor>
      }
    >
      <form onSubmit={handleSubmit}>
        <Stack>
          {error ? <ErrorAlert>{error}</ErrorAlert> : null}
          <PasswordInput
            label="New password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters`}
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            maxLength={PASSWORD_MAX}
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth disabled={loading} mt="xs">
            {loading ? 'Setting password...' : words.submit}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
