import { PasswordInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PASSWORD_MAX, USER_EMAIL_MAX, USER_NAME_MAX } from '../../../../domain/users/limits';
import { MIN_PASSWORD_LENGTH } from '../utils/password';

type NewAccount = { name: string; email: string; password: string };

/** Name, Email and a new Password, with sign-up's rules: sign-up's form and /setup's. */
export function NewAccountFields<Values extends NewAccount>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  return (
    <>
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
    </>
  );
}
