import { INSTITUTE_NAME as INSTITUTE } from '@app/common/constants';
// The e-mails the institute sends. docs/product.md leaves their content open; plain, useful text.
import { linesHtml } from '../../lib/escape.ts';

function wrap(lines: string[]) {
  const text = lines.join('\n');
  return { text, html: linesHtml(lines) };
}

export function resetPasswordMail(name: string, link: string) {
  return {
    subject: `${INSTITUTE}: reset your password`,
    ...wrap([
      `Dear ${name},`,
      '',
      'We received a request to reset the password of your account.',
      `Open this link within one hour to choose a new password: ${link}`,
      '',
      'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
      '',
      INSTITUTE,
    ]),
  };
}

/** After the owner changed their password while signed in: so a change they did not make does not go unseen. */
export function passwordChangedMail(p: { name: string; email: string; when: string; forgotUrl: string }) {
  return {
    subject: `${INSTITUTE}: your password was changed`,
    ...wrap([
      `Dear ${p.name},`,
      '',
      `The password of your account (${p.email}) was changed on ${p.when} (India time).`,
      'Every other device where you were signed in has been signed out.',
      '',
      `If you did not change it, reset it now at ${p.forgotUrl} and tell the institute.`,
      '',
      INSTITUTE,
    ]),
  };
}

export function welcomeMail(p: {
  name: string;
  email: string;
  password: string;
  registrationNumber: string;
  loginUrl: string;
  course: string;
  /** The admin's message to the applicant, when they wrote one. */
  note?: string | null;
}) {
  return {
    subject: `Welcome to ${INSTITUTE}: your admission is approved`,
    ...wrap([
      `Dear ${p.name},`,
      '',
      `Congratulations! Your admission request for ${p.course} has been approved.`,
      ...(p.note ? ['', `Note from the admissions team: ${p.note}`, ''] : []),
      `Registration number: ${p.registrationNumber}`,
      '',
      'Sign in to the student area with these credentials:',
      `Email: ${p.email}`,
      `Temporary password: ${p.password}`,
      `Sign in at: ${p.loginUrl}`,
      '',
      'Please change your password after your first sign-in (use "Forgot password" on the sign-in page).',
      '',
      INSTITUTE,
    ]),
  };
}

export function rejectionMail(p: { name: string; course: string; notes: string | null }) {
  return {
    subject: `${INSTITUTE}: about your admission request`,
    ...wrap([
      `Dear ${p.name},`,
      '',
      `Thank you for your interest in ${p.course}. We are unable to approve your admission request at this time.`,
      ...(p.notes ? ['', `Note from the admissions team: ${p.notes}`] : []),
      '',
      'You are welcome to contact any of our centres for guidance or to apply again.',
      '',
      INSTITUTE,
    ]),
  };
}

export function temporaryPasswordMail(p: { name: string; email: string; password: string; loginUrl: string }) {
  return {
    subject: `${INSTITUTE}: your password has been reset`,
    ...wrap([
      `Dear ${p.name},`,
      '',
      'An administrator has reset the password of your account. Your previous password no longer works.',
      `Email: ${p.email}`,
      `Temporary password: ${p.password}`,
      `Sign in at: ${p.loginUrl}`,
      '',
      INSTITUTE,
    ]),
  };
}

/** To the holder of an account when an admission request is sent with their e-mail. */
export function accountExistsMail(p: { name: string; loginUrl: string }) {
  return {
    subject: `${INSTITUTE}: you already have an account`,
    ...wrap([
      `Dear ${p.name},`,
      '',
      'We received an admission request with this e-mail address, which already has an account with us.',
      `Please sign in instead: ${p.loginUrl}`,
      'If you have forgotten your password, use "Forgot password?" on the sign-in page.',
      '',
      'If you did not send this request, you can ignore this e-mail.',
      '',
      INSTITUTE,
    ]),
  };
}
