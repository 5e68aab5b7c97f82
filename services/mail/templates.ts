export function welcomeMail(p: { name: string; publicUrl: string }) {
  return {
    subject: 'Welcome to Answer Engine',
    text: `Hi ${p.name},\n\nYour account is ready. Ask anything at ${p.publicUrl} and keep your answers as threads.\n`,
  };
}
