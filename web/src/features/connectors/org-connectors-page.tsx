// /account/org/connectors: the organisation's connections. Everyone in it sees them; its owners
// and admins connect and disconnect them (members see no buttons).
import { ConnectorsSection } from './connectors-section';

export default function OrgConnectorsPage() {
  return (
    <section aria-labelledby="section-heading" className="max-w-2xl space-y-6">
      <h1 id="section-heading" className="text-2xl font-semibold tracking-tight">
        Connectors
      </h1>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        What your organisation connects is searched for everyone in it who could open it at the source.
      </p>
      <ConnectorsSection scope="org" />
    </section>
  );
}
