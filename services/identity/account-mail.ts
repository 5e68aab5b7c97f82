// The mails about an account itself: the link that verifies its address and the one that resets
// its password. Identity writes them; services/app hands them to the mail domain's outbox and
// delivery (identity sits below mail, so it only declares the port).
import { randomUUID } from 'node:crypto';

export type AccountMail = { mail_id: string; user_id: string; to: string; subject: string; text: string };
export type SendAccountMail = (mail: AccountMail) => Promise<void>;

type Person = { id: string; name: string; email: string };

export const VERIFY_LINK_HOURS = 24;
export const RESET_LINK_MINUTES = 60;

export function verificationMail(user: Person, token: string, publicUrl: string): AccountMail {
  const url = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  return {
    mail_id: `account-verify-${user.id}-${randomUUID()}`,
    user_id: user.id,
    to: user.email,
    subject: 'Verify your email address',
    text: `Hi ${user.name},\n\nOpen this link to verify ${user.email} (it works for ${VERIFY_LINK_HOURS} hours):\n${url}\n\nIf you did not create an account, ignore this mail: nothing happens without the link.\n`,
  };
}

/**
 * Sent to an address that has an account when someone signs up with it: the sign-up's answer does
 * not say the address is taken (anyone could ask), so its owner hears it here.
 */
export function signUpAttemptMail(user: Person, publicUrl: string): AccountMail {
  return {
    mail_id: `account-sign-up-attempt-${user.id}-${randomUUID()}`,
    user_id: user.id,
    to: user.email,
    subject: 'Someone tried to sign up with your address',
    text: `Hi ${user.name},\n\nSomeone tried to create an account with ${user.email}, which already has one here. Nothing was created and nothing changed on your account.\n\nIf it was you, sign in:\n${publicUrl}/\n\nIf you forgot your password, reset it:\n${publicUrl}/forgot-password\n\nIf it was not you, you need not do anything.\n`,
  };
}

/** Sent to the new address: the change happens only when this link is opened. */
export function emailChangeMail(user: Person, newEmail: string, token: string, publicUrl: string): AccountMail {
  const url = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  return {
    mail_id: `account-change-email-${user.id}-${randomUUID()}`,
    user_id: user.id,
    to: newEmail,
    subject: 'Confirm your new email address',
    text: `Hi ${user.name},\n\nOpen this link to make ${newEmail} the address of your account (it works for ${VERIFY_LINK_HOURS} hours):\n${url}\n\nUntil then your account keeps its current address. If you did not ask for this, ignore this mail.\n`,
  };
}

/** Sent to the old address once the change is made, so a change nobody asked for is noticed. */
export function emailChangedNotice(user: { id: string; name: string }, previousEmail: string, newEmail: string): AccountMail {
  return {
    mail_id: `account-email-changed-${user.id}-${randomUUID()}`,
    user_id: user.id,
    to: previousEmail,
    subject: 'Your email address was changed',
    text: `Hi ${user.name},\n\nThe address of your account is now ${newEmail}; mail for the account no longer comes to ${previousEmail}.\n\nIf you did not make this change, reset your password from the sign-in page at once and tell your administrator.\n`,
  };
}

/** Sent when an account made by a provider's sign-in sets a first password, so one nobody asked for is noticed. */
export function passwordSetNotice(user: Person): AccountMail {
  return {
    mail_id: `account-password-set-${user.id}-${randomUUID()}`,
    user_id: user.id,
    to: user.email,
    subject: 'A password was set on your account',
    text: `Hi ${user.name},\n\nYour account can now also be signed in to with ${user.email} and a password.\n\nIf you did not set it, reset your password from the sign-in page at once and tell your administrator.\n`,
  };
}

export function passwordResetMail(user: Person, token: string, publicUrl: string): AccountMail {
  const url = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    mail_id: `account-reset-${user.id}-${randomUUID()}`,
    user_id: user.id,
    to: user.email,
    subject: 'Reset your password',
    text: `Hi ${user.name},\n\nOpen this link to choose a new password (it works once, for ${RESET_LINK_MINUTES} minutes):\n${url}\n\nEvery device signed in to your account will be signed out. If you did not ask for this, ignore this mail: your password stays as it is.\n`,
  };
}

/** The archive of everything the person owns is ready: where to download it, and until when. */
export function exportReadyMail(user: Person, exportId: string, expiresAt: Date, publicUrl: string): AccountMail {
  return {
    mail_id: `account-export-${exportId}`,
    user_id: user.id,
    to: user.email,
    subject: 'Your data export is ready',
    text: `Hi ${user.name},\n\nThe archive of your data is ready. Download it on your account page (you need to be signed in), until ${expiresAt.toUTCString()}:\n${publicUrl}/account/details#export\n\nIf you did not ask for it, change your password: someone signed in to your account asked for it.\n`,
  };
}
