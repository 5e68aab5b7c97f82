// On a server that sends no mail, where its mail can be read instead (/mail); an administrator
// reads every mail there, verifies accounts by hand and makes password reset links.
import { Link } from 'react-router';
import { useAuthSettings } from '../auth/auth-settings';

export function KeptMailLink({ isAdmin }: { isAdmin: boolean }) {
  const settings = useAuthSettings();
  if (!settings || (settings.mail_configured && !isAdmin)) return null;
  return (
    <p className="text-sm">
      <Link to="/mail" className="underline">
        {isAdmin ? 'Mail kept on this server, verifying accounts and password reset links' : 'Read the mail this server kept for you'}
      </Link>
    </p>
  );
}
