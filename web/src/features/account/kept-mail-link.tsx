// On a server that sends no mail, where its mail can be read instead (/mail); an administrator
// reads every mail there and verifies accounts by hand.
import { Link } from 'react-router';
import { useAuthSettings } from '../auth/auth-settings';

export function KeptMailLink({ isAdmin }: { isAdmin: boolean }) {
  const settings = useAuthSettings();
  if (!settings || (settings.mail_configured && !isAdmin)) return null;
  return (
    <p className="text-sm">
      <Link to="/mail" className="underline">
        {isAdmin ? 'Mail kept on this server, and verifying accounts' : 'Read the mail this server kept for you'}
      </Link>
    </p>
  );
}
