import type { MailMessage } from '../../lib/mailer';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#f4f6fb;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><div style="font-weight:700;font-size:20px;color:#4c6ef5;margin-bottom:24px">Exemplar</div>
<h1 style="font-size:20px;margin:0 0 16px">${escape(title)}</h1>${bodyHtml}
<p style="font-size:12px;color:#7b8794;margin-top:32px">If you did not ask for this, you can ignore this email.</p></td></tr>
</table></td></tr></table></body></html>`;
}

const codeBlock = (code: string) =>
  `<p style="font-size:32px;font-weight:700;letter-spacing:8px;text-align:center;background:#edf2ff;border-radius:8px;padding:16px;margin:24px 0">${escape(code)}</p>`;

export function confirmationMail(to: string, name: string, code: string): MailMessage {
  const hello = name ? `Hello ${name},` : 'Hello,';
  return {
    purpose: 'confirm',
    to,
    subject: `Your Exemplar confirmation code is ${code}`,
    text: `${hello}\n\nWelcome to Exemplar. Your confirmation code is:\n\n    ${code}\n\nEnter it on the confirmation page to activate your account. The code is valid for 24 hours.\n\nIf you did not create an account, you can ignore this email.\n`,
    html: layout(
      'Confirm your account',
      `<p>${escape(hello)}</p><p>Welcome to Exemplar. Enter this code on the confirmation page to activate your account:</p>${codeBlock(code)}<p>The code is valid for 24 hours.</p>`,
    ),
  };
}

export function resetMail(to: string, name: string, code: string): MailMessage {
  const hello = name ? `Hello ${name},` : 'Hello,';
  return {
    purpose: 'reset',
    to,
    subject: `Your Exemplar password reset code is ${code}`,
    text: `${hello}\n\nSomeone asked to reset the password of your Exemplar account. Your reset code is:\n\n    ${code}\n\nEnter it with your new password on the reset page. The code is valid for 1 hour.\n\nIf you did not ask for this, you can ignore this email: your password stays as it is.\n`,
    html: layout(
      'Reset your password',
      `<p>${escape(hello)}</p><p>Someone asked to reset the password of your Exemplar account. Enter this code with your new password on the reset page:</p>${codeBlock(code)}<p>The code is valid for 1 hour. If you did not ask for this, your password stays as it is.</p>`,
    ),
  };
}

export function passwordChangedMail(to: string, name: string): MailMessage {
  const hello = name ? `Hello ${name},` : 'Hello,';
  return {
    purpose: 'password-changed',
    to,
    subject: 'Your Exemplar password was changed',
    text: `${hello}\n\nThe password of your Exemplar account was just changed, and every other session was signed out.\n\nIf this was not you, reset your password now with "Forgot password" on the login page.\n`,
    html: layout(
      'Your password was changed',
      `<p>${escape(hello)}</p><p>The password of your Exemplar account was just changed, and every other session was signed out.</p><p>If this was not you, reset your password now with <strong>Forgot password</strong> on the login page.</p>`,
    ),
  };
}

export function passwordSetByAdminMail(to: string, name: string): MailMessage {
  const hello = name ? `Hello ${name},` : 'Hello,';
  return {
    purpose: 'password-set-by-admin',
    to,
    subject: 'An administrator set a new password for your Exemplar account',
    text: `${hello}\n\nAn administrator of Exemplar has just set a new password for your account, and every session of it was signed out. Ask them for the new password, or choose your own with "Forgot password" on the login page.\n\nIf you did not expect this, reset your password now with "Forgot password" and tell the site's administrators.\n`,
    html: layout(
      'Your password was set by an administrator',
      `<p>${escape(hello)}</p><p>An administrator of Exemplar has just set a new password for your account, and every session of it was signed out. Ask them for the new password, or choose your own with <strong>Forgot password</strong> on the login page.</p><p>If you did not expect this, reset your password now with <strong>Forgot password</strong> and tell the site's administrators.</p>`,
    ),
  };
}
