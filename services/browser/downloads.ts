// The assistant browser's download links (seed 002 §7): "Download URL with channel=stable and
// platform, plus mini=1 for Windows. Platforms: win_x64 and mac_arm64." Built from
// BROWSER_DOWNLOAD_BASE_URL; with none configured there are none.
export const PLATFORMS = ['win_x64', 'mac_arm64'] as const;
export type Platform = (typeof PLATFORMS)[number];

export function downloadLinks(baseUrl: string | null): { platform: Platform; url: string }[] {
  if (!baseUrl) return [];
  return PLATFORMS.map((platform) => {
    const url = new URL(baseUrl);
    url.searchParams.set('channel', 'stable');
    url.searchParams.set('platform', platform);
    if (platform === 'win_x64') url.searchParams.set('mini', '1');
    return { platform, url: url.toString() };
  });
}

const NAMES: Record<Platform, string> = { win_x64: 'Windows (x64)', mac_arm64: 'macOS (Apple silicon)' };

export function downloadMail(links: { platform: Platform; url: string }[]) {
  return {
    subject: 'Your assistant browser download',
    text: `Hi,\n\nHere are the download links for the assistant browser:\n\n${links.map((l) => `${NAMES[l.platform]}: ${l.url}`).join('\n')}\n\nIf you did not ask for this mail, you can ignore it.\n`,
  };
}
