import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Role } from '../../../../domain/access';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { getMeQueryOptions, useMe, type AuthUser } from '../api/get-me';
import {
  useRequestPasswordReset,
  type RequestPasswordResetInput,
} from '../api/request-password-reset';
import { useResetPassword, type ResetPasswordInput } from '../api/reset-password';
import { useSignIn, type SignInInput } from '../api/sign-in';
import { useSignOut } from '../api/sign-out';
import { useSignUp, type SignUpInput } from '../api/sign-up';

export type AuthState = {
  user: AuthUser | null;
  role: Role | null;
  loading: boolean;
  error: string | null;
};

export type SignedIn = { user: AuthUser | null; role: Role | null };

/**
 * A password set with a link: who signed in with it right after, or, when
 * that failed, why (the password is set all the same) and the link's email
 * (null when the server did not name it) to sign in with.
 */
export type PasswordSet =
  | { signedIn: SignedIn; email: string }
  | { signedIn: null; email: string | null; signInError: string | null };

export function signUpTakenMessage(email: string): string {
  return `We could not sign you in. If ${email} already has an account, we have sent it a mail: sign in, or reset your password.`;
}

/**
 * The spec's auth state (user, role, loading, error) and its actions. Every
 * action sets loading and clears the error first, keeps the failure's message
 * as the error, and clears loading at the end. An action resolves to its
 * result, or to null when it failed.
 */
export function useAuth() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useMe();
  const signInMutation = useSignIn();
  const signUpMutation = useSignUp();
  const signOutMutation = useSignOut();
  const requestResetMutation = useRequestPasswordReset();
  const resetPasswordMutation = useResetPassword();
  const [status, setStatus] = useState<{ loading: boolean; error: string | null }>({
    loading: false,
    error: null,
  });

  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T | null> => {
    setStatus({ loading: true, error: null });
    try {
      const result = await action();
      setStatus({ loading: false, error: null });
      return result;
    } catch (error) {
      setStatus({ loading: false, error: errorMessage(error) });
      return null;
    }
  }, []);

  /** The role comes from the user's profile; a failed lookup leaves it null. */
  const lookUpSignedIn = useCallback(async (): Promise<SignedIn> => {
    try {
      const current = await queryClient.fetchQuery(getMeQueryOptions());
      return { user: current?.user ?? null, role: current?.role ?? null };
    } catch (error) {
      console.error('Error checking role', error);
      return { user: null, role: null };
    }
  }, [queryClient]);

  const { mutateAsync: signInAsync } = signInMutation;
  const { mutateAsync: signUpAsync } = signUpMutation;
  const { mutateAsync: signOutAsync } = signOutMutation;
  const { mutateAsync: requestResetAsync } = requestResetMutation;
  const { mutateAsync: resetPasswordAsync } = resetPasswordMutation;

  const signIn = useCallback(
    (input: SignInInput) =>
      run(async () => {
        await signInAsync(input);
        return lookUpSignedIn();
      }),
    [run, signInAsync, lookUpSignedIn],
  );

  /**
   * Sign-up answers the same whether or not the address already has an
   * account (the owner gets a mail instead), and never signs in; so the
   * new user is signed in here. When that fails the address was taken.
   */
  const signUp = useCallback(
    (input: SignUpInput) =>
      run(async () => {
        await signUpAsync(input);
        try {
          await signInAsync({ email: input.email, password: input.password });
        } catch {
          throw new Error(signUpTakenMessage(input.email));
        }
        return lookUpSignedIn();
      }),
    [run, signUpAsync, signInAsync, lookUpSignedIn],
  );

  const signOut = useCallback(
    () =>
      run(async () => {
        await signOutAsync();
        await navigate(paths.login, { replace: true });
        return true;
      }),
    [run, signOutAsync, navigate],
  );

  const requestPasswordReset = useCallback(
    (input: RequestPasswordResetInput) =>
      run(async () => {
        await requestResetAsync(input);
        return true;
      }),
    [run, requestResetAsync],
  );

  /**
   * Sets the password with the link's token, then signs in with it as
   * sign-up does: the link just proved the mailbox, and the person typed the
   * password in this browser. The server's answer names the link's account.
   */
  const resetPassword = useCallback(
    (input: ResetPasswordInput) =>
      run(async (): Promise<PasswordSet> => {
        const { email } = await resetPasswordAsync(input);
        if (!email) return { signedIn: null, email: null, signInError: null };
        try {
          await signInAsync({ email, password: input.newPassword });
        } catch (failure) {
          return { signedIn: null, email, signInError: errorMessage(failure) };
        }
        return { signedIn: await lookUpSignedIn(), email };
      }),
    [run, resetPasswordAsync, signInAsync, lookUpSignedIn],
  );

  const state: AuthState = {
    user: me.data?.user ?? null,
    role: me.data?.role ?? null,
    loading: status.loading,
    error: status.error,
  };

  return {
    ...state,
    /** True until the first answer to "who is signed in?" arrives. */
    isCheckingSession: me.isPending,
    signIn,
    signUp,
    signOut,
    requestPasswordReset,
    resetPassword,
  };
}
