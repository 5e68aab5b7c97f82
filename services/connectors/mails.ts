// The mail a sync sends when it is done (seed 001 §4: 'You'll receive an email when the sync is complete').
export function syncCompleteMail(p: { label: string; synced: number; failed: number; url: string }) {
  const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
  const failed = p.failed ? `\n\n${files(p.failed)} could not be synced; the Sync error on each says why.` : '';
  return {
    subject: `${files(p.synced)} synced from ${p.label}`,
    text: `Hi,\n\n${files(p.synced)} from ${p.label} ${p.synced === 1 ? 'is' : 'are'} ready to search.${failed}\n\nSee them in your files: ${p.url}\n`,
  };
}
