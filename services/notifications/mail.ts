// A notification as a mail: its title and text, the link, and where to turn such mails off.
export function notificationMail(n: { title: string; body: string; url: string }, publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    subject: n.title,
    text: `${n.body ? `${n.body}\n\n` : ''}Open it: ${base}${n.url}\n\nYou get this mail because email notifications are on. Turn them off at ${base}/account/notifications.\n`,
  };
}
