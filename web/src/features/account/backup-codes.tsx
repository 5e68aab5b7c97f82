// Backup codes as shown once, right after they were made: each signs in once when the phone is lost.
export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="space-y-2">
      <p className="text-sm">Keep these backup codes somewhere safe. Each one signs you in once if you lose your phone; they are not shown again.</p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-1 rounded-xl border border-neutral-200 p-3 font-mono text-sm dark:border-neutral-800">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}
