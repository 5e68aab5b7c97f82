// File sizes as the file lists show them (seed 001 §9: "File sizes are shown in units from bytes
// to TB"). Steps of 1024; one decimal below 10 of a unit, whole numbers above.
export const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // Rounding 1023.96 KB up would print "1024 KB": move to the next unit instead.
  if (unit < SIZE_UNITS.length - 1 && Math.round(value) >= 1024) {
    value /= 1024;
    unit++;
  }
  const text = unit === 0 ? String(Math.round(value)) : value < 10 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  return `${text} ${SIZE_UNITS[unit]}`;
}
