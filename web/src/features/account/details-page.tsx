// `/account/details`: the account's name, picture and username, its address (verified or not,
// and changing it), its password, two-factor sign-in, the devices signed in to it, the export of
// the person's data and the deletion of the account.
import { useSession } from '../../platform/session';
import { ResendVerification } from '../auth/resend-verification';
import { AvatarForm } from './avatar-form';
import { ChangeEmailForm } from './change-email-form';
import { KeptMailLink } from './kept-mail-link';
import { DeleteAccountSection } from './delete-account-section';
import { ExportSection } from './export-section';
import { NameForm } from './name-form';
import { PasswordSection, useHasPassword } from './password-section';
import { SessionsList } from './sessions-list';
import { UsernameForm } from './username-form';
import { TwoFactorSection } from './two-factor-section';
import { TryOnAvatarSection } from '../shopping/try-on';
import { MerchantFeedsLink } from '../shopping/merchants';

export default function AccountDetailsPage() {
  const { user, isLoading } = useSession();
  const hasPassword = useHasPassword(!!user);
  if (isLoading) return null;
  if (!user)
    return (
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Account details</h1>
        <p className="mt-4 text-neutral-600 dark:text-neutral-400">Sign in to see your account.</p>
      </div>
    );
  return (
    <div className="max-w-2xl space-y-8">
      <h1 className="text-2xl font-semibold tracking-tight">Account details</h1>
      <section aria-labelledby="name-heading" className="space-y-2">
        <h2 id="name-heading" className="text-lg font-medium">
          Name
        </h2>
        <NameForm name={user.name} />
      </section>
      <section aria-labelledby="picture-heading" className="space-y-2">
        <h2 id="picture-heading" className="text-lg font-medium">
          Picture
        </h2>
        <AvatarForm name={user.name} image={user.image} />
      </section>
      <TryOnAvatarSection />
      <section aria-labelledby="username-heading" className="space-y-2">
        <h2 id="username-heading" className="text-lg font-medium">
          Username
        </h2>
        <UsernameForm username={user.username} />
      </section>
      <section aria-labelledby="email-heading" className="space-y-2">
        <h2 id="email-heading" className="text-lg font-medium">
          Email
        </h2>
        <p>
          {user.email}{' '}
          <span className={user.email_verified ? 'text-green-700 dark:text-green-400' : 'text-amber-700 dark:text-amber-400'}>
            {user.email_verified ? '(verified)' : '(not verified yet)'}
          </span>
        </p>
        <ResendVerification />
        <KeptMailLink isAdmin={!!user.is_admin} />
        {user.is_admin && <MerchantFeedsLink />}
        <ChangeEmailForm email={user.email} />
      </section>
      <section aria-labelledby="password-heading" className="space-y-2">
        <h2 id="password-heading" className="text-lg font-medium">
          Password
        </h2>
        <PasswordSection hasPassword={hasPassword} />
      </section>
      <section aria-labelledby="two-factor-heading" className="space-y-2">
        <h2 id="two-factor-heading" className="text-lg font-medium">
          Two-factor authentication
        </h2>
        {hasPassword === false ? (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            Two-factor sign-in asks for your password first, and this account has none yet: set a password above to turn it on. Until then, your identity
            provider's own sign-in protects this account.
          </p>
        ) : (
          hasPassword && <TwoFactorSection />
        )}
      </section>
      <section aria-labelledby="devices-heading" className="space-y-2">
        <h2 id="devices-heading" className="text-lg font-medium">
          Signed-in devices
        </h2>
        <SessionsList />
      </section>
      <section id="export" aria-labelledby="export-heading" className="space-y-2">
        <h2 id="export-heading" className="text-lg font-medium">
          Export your data
        </h2>
        <ExportSection />
      </section>
      <section aria-labelledby="delete-heading" className="space-y-2">
        <h2 id="delete-heading" className="text-lg font-medium">
          Delete account
        </h2>
        <DeleteAccountSection hasPassword={hasPassword} />
      </section>
    </div>
  );
}
