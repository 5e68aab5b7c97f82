// File sizes for people (seed 001 §9: "File sizes are shown in units from bytes to TB").
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1024-based; one decimal below 10 of a unit, none above (e.g. 999 B, 1.5 KB, 12 MB, 3 TB). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  // 1023.96 KB rounds up to 1024: show it in the next unit instead.
  const rounded = Number(value.toFixed(digits));
  if (rounded >= 1024 && unit < UNITS.length - 1) return `1 ${UNITS[unit + 1]}`;
  return `${rounded} ${UNITS[unit]}`;
}
