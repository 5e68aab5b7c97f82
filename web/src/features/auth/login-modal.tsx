// The login modal: sign in or create an account with email and password, or with an identity provider. Errors show the
// problem's `detail`; success refreshes the session and says so in a toast.
import { useQueryClient } from '@tanstack/react-query';
import * as Tabs from 'radix-ui/tabs';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ModalProps } from '../../platform/modals/types';
import { sessionQueryKey } from '../../platform/session';
import { toast, TOAST_DURATION } from '../../platform/toasts';
import { ModalTitle } from '../../ui/modal-parts';
import { DEFAULT_LOGIN_TITLE, PRIVACY_POLICY_PATH, type LoginModalArgs } from './login-args';
import { SignInForm, SignUpForm } from './login-forms';
import { ProviderButtons } from './provider-buttons';

export default function LoginModal({ args, close }: ModalProps<LoginModalArgs>) {
  const [mode, setMode] = useState(args.mode ?? 'sign-in');
  const queryClient = useQueryClient();
  // `below`: at the bottom of the screen, off the line above every page that a new account gets.
  const done = async (message: string, below = false) => {
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey() });
    toast.success(message, { duration: TOAST_DURATION.normal, ...(below ? { position: 'bottom-center' as const } : {}) });
    close();
  };

  return (
    <div data-origin={args.origin} className="space-y-5">
      {args.image && <img src={args.image} alt="" className="h-36 w-full rounded-xl object-cover" />}
      <div className="space-y-1">
        <ModalTitle>{args.title ?? DEFAULT_LOGIN_TITLE}</ModalTitle>
        <p className="text-sm text-neutral-500 dark:text-neutral-400">Sign in or create an account to keep your threads.</p>
      </div>
      <Tabs.Root value={mode} onValueChange={(v) => setMode(v as typeof mode)}>
        <Tabs.List aria-label="Sign in or create an account" className="mb-4 grid grid-cols-2 rounded-full bg-neutral-100 p-1 text-sm dark:bg-neutral-800">
          {(['sign-in', 'sign-up'] as const).map((m) => (
            <Tabs.Trigger
              key={m}
              value={m}
              className="rounded-full py-1.5 font-medium text-neutral-500 transition-colors data-[state=active]:bg-white data-[state=active]:text-neutral-900 data-[state=active]:shadow-sm dark:text-neutral-400 dark:data-[state=active]:bg-neutral-950 dark:data-[state=active]:text-white"
            >
              {m === 'sign-in' ? 'Sign in' : 'Create account'}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="sign-in">
          <SignInForm onSignedIn={(name) => done(`Signed in as ${name}`)} onForgot={close} />
        </Tabs.Content>
        <Tabs.Content value="sign-up">
          <SignUpForm onSignedUp={(name) => done(`Welcome, ${name}! Your account is ready.`, true)} />
        </Tabs.Content>
      </Tabs.Root>
      <ProviderButtons />
      <p className="text-center text-xs text-neutral-500 dark:text-neutral-400">
        By continuing you accept our{' '}
        <Link to={PRIVACY_POLICY_PATH} onClick={close} className="underline underline-offset-2 hover:text-neutral-900 dark:hover:text-white">
          privacy policy
        </Link>
        .
      </p>
    </div>
  );
}
