// Mail services anyone can sign up at: owning an address there proves nothing about an
// organisation, so none of them can be an organisation's single sign-on domain. A short list of
// the large ones, refused at once with a clear message; the DNS proof stops the rest anyway,
// since nobody outside those services can publish a TXT record on their domain.
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'web.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'zoho.com',
  'tutanota.com',
  'tuta.io',
  'fastmail.com',
  'hey.com',
  'qq.com',
  '163.com',
  '126.com',
]);

/** True for a public mail service's domain or any of its subdomains (mail.yahoo.com). */
export function isPublicMailDomain(domain: string) {
  const labels = domain.toLowerCase().split('.');
  for (let i = 0; i < labels.length - 1; i++) if (PUBLIC_MAIL_DOMAINS.has(labels.slice(i).join('.'))) return true;
  return false;
}
