// Opens an upsell's permalink: in a new tab when it says so (seed 002 §4), else here: a path of
// this app through the router, another site by leaving for it.
export function openLink(url: string, newTab: boolean | null | undefined, navigate: (path: string) => void) {
  if (newTab) window.open(url, '_blank', 'noopener,noreferrer');
  else if (url.startsWith('/')) navigate(url);
  else window.location.assign(url);
}
