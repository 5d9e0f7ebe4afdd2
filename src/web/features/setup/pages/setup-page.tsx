import { Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { NewAccountFields } from '../../auth/components/new-account-fields';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useFormFocus } from '../../../lib/form-focus';
import { AuthCard } from '../../auth/components/auth-card';
import { ErrorAlert } from '../../auth/components/form-alert';
import { useCreateFirstAdmin } from '../api/create-first-admin';

const TITLE = 'Create the first administrator';
const DESCRIPTION =
  'This account runs the business: it gives everyone else their role. The link works only until it exists.';
export const NO_TOKEN =
  'This page needs the setup link printed when the server starts (it ends with ?token=…). Open that link.';

/**
 * /setup?token=…: the first admin of a business with none, made with the link
 * the server prints at start; signed in at once, they land on the dashboard.
 */
export function SetupPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const creation = useCreateFirstAdmin();
  const { formRef, focusRefused } = useFormFocus(creation.isPending);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', password: '' },
  });

  const handleSubmit = form.onSubmit(async (values) => {
    if (!token) return;
    try {
      await creation.mutateAsync({ ...values, name: values.name.trim(), token });
      await navigate(paths.admin, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.fields) form.setErrors(error.fields);
      focusRefused();
    }
  }, focusRefused);

  const footer = (
    <Anchor component={Link} to={paths.login}>
      Sign in instead
    </Anchor>
  );

  if (!token) {
    return (
      <AuthCard title={TITLE} footer={footer}>
        <ErrorAlert>{NO_TOKEN}</ErrorAlert>
      </AuthCard>
    );
  }

  // A field's problem shows under the field; anything else (a dead link) above them.
  const refusal =
    creation.error && !(isApiError(creation.error) && creation.error.fields)
      ? errorMessage(creation.error)
      : null;

  return (
    <AuthCard title={TITLE} description={DESCRIPTION} footer={footer}>
      <form ref={formRef} onSubmit={handleSubmit}>
        <Stack>
          {refusal ? <ErrorAlert>{refusal}</ErrorAlert> : null}
          <NewAccountFields form={form} />
          <Button type="submit" fullWidth disabled={creation.isPending} mt="xs">
            {creation.isPending ? 'Creating administrator...' : 'Create administrator'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
