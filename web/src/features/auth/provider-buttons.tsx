// A button per identity provider the server is configured with (none: no buttons). A click asks
// the server for the provider's address and goes there; the provider sends the browser back here.
import { useSignInSocial } from '../../../../generated/react-query/auth/auth';
import type { SignInSocial200, SignInSocialBodyProvider } from '../../../../generated/react-query/model';
import { problemMessage } from '../../platform/problem';
import { useAuthSettings } from './auth-settings';
import { FormError } from './form-parts';

type Provider = { id: SignInSocialBodyProvider; name: string };

/** "Continue with …" for each provider; `here` is where the provider sends the person back (this site only). */
export function ProviderButtonList({ providers, here }: { providers: readonly Provider[]; here: string }) {
  const start = useSignInSocial({ mutation: { onSuccess: (r) => window.location.assign((r.data as SignInSocial200).url) } });
  const back = here.startsWith('/') && !here.startsWith('//') ? here : '/';
  return (
    <>
      {providers.map((p) => (
        <button
          key={p.id}
          type="button"
          className="btn-secondary w-full"
          disabled={start.isPending}
          onClick={() => start.mutate({ data: { provider: p.id, callback_path: back } })}
        >
          Continue with {p.name}
        </button>
      ))}
      {start.isError && <FormError>{problemMessage(start.error)}</FormError>}
    </>
  );
}

export function ProviderButtons() {
  const providers = useAuthSettings()?.providers ?? [];
  if (providers.length === 0) return null;
  // Back to where the person was; the account pages' own sign-in links come back to them.
  return (
    <div className="space-y-2">
      <p className="text-center text-xs text-neutral-500 dark:text-neutral-400">or</p>
      <ProviderButtonList providers={providers} here={`${window.location.pathname}${window.location.search}`} />
    </div>
  );
}
