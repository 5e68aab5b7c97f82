export function welcomeMail(p: { name: string; publicUrl: string }) {
  return {
    subject: 'Welcome to Answer Engine',
    text: `Hi ${p.name},\n\nYour account is ready. Ask anything at ${p.publicUrl} and keep your answers as threads.\n`,
  };
}

export function spaceInviteMail(p: { inviter: string; title: string; url: string; role: string }) {
  return {
    subject: `${p.inviter} invited you to the Space "${p.title}"`,
    text: `Hi,\n\n${p.inviter} invited you to join the Space "${p.title}" as a ${p.role.toLowerCase()}.\n\nOpen it and accept the invitation: ${p.url}\n\nIf you have no account yet, sign up with this email address first.\n`,
  };
}
