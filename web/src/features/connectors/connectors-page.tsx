// /account/connectors: the person's own connections (seed 001 §2; also where the Microsoft picker
// and every provider send the browser back).
import { SignedInOnly } from '../account-settings/signed-in-only';
import { ConnectorsSection } from './connectors-section';

export default function ConnectorsPage() {
  return (
    <SignedInOnly title="Connectors">
      <ConnectorsSection scope="user" />
    </SignedInOnly>
  );
}
