// A host's site domain: a leading `www.` dropped, but only before two more labels, since
// `www.com` is a domain of its own (stripping it left `com`, every .com host). Pure.
export const withoutWww = (host: string) => host.replace(/^www\.(?=[^.]+\.)/, '');
