// A session's device as people say it ("Firefox on Windows"), from its user agent (bowser).
import Bowser from 'bowser';

export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name || 'A browser';
  return os.name ? `${name} on ${os.name}` : name;
}
