// The account mails' words, in the language of the page that asked (English or Vietnamese).
import type { Mail } from '../../../mail/mail-sender.ts';

export type MailLanguage = 'en' | 'vi';

const PRODUCT = 'Nano Banana Image Studio';

/** A mail with one button: the same words as text and as simple HTML. */
function withLink(to: string, subject: string, lines: string[], link: { label: string; url: string }, after: string[]): Mail {
  const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const text = [...lines, '', `${link.label}: ${link.url}`, '', ...after, '', `— ${PRODUCT}`].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    ...after.map((line) => `<p style="color:#666">${escapeHtml(line)}</p>`),
    `<p>— ${PRODUCT}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

const plain = (to: string, subject: string, lines: string[]): Mail => {
  const mail = withLink(to, subject, lines, { label: '', url: '' }, []);
  return { to, subject, text: [...lines, '', `— ${PRODUCT}`].join('\n'), html: mail.html.replace(/<p><a href="">.*<\/a><\/p>\n/, '') };
};

export function passwordResetMail(language: MailLanguage, to: string, username: string, url: string): Mail {
  return language === 'vi'
    ? withLink(
        to,
        'Đặt lại mật khẩu',
        [`Xin chào ${username},`, 'Ai đó (hy vọng là bạn) đã yêu cầu đặt lại mật khẩu cho tài khoản này.'],
        { label: 'Đặt mật khẩu mới', url },
        ['Liên kết dùng được một lần trong 30 phút. Nếu bạn không yêu cầu, hãy bỏ qua thư này: mật khẩu vẫn giữ nguyên.'],
      )
    : withLink(
        to,
        'Reset your password',
        [`Hello ${username},`, 'Someone (hopefully you) asked to reset the password of this account.'],
        { label: 'Choose a new password', url },
        ['The link works once, for 30 minutes. If you did not ask, ignore this mail: your password stays as it is.'],
      );
}

export function emailVerificationMail(language: MailLanguage, to: string, username: string, url: string): Mail {
  return language === 'vi'
    ? withLink(
        to,
        'Xác minh địa chỉ email',
        [`Xin chào ${username},`, 'Hãy xác minh địa chỉ này để nhận liên kết đặt lại mật khẩu và cảnh báo bảo mật.'],
        { label: 'Xác minh email', url },
        ['Liên kết dùng được một lần trong 30 phút.'],
      )
    : withLink(
        to,
        'Verify your email address',
        [`Hello ${username},`, 'Verify this address to receive password reset links and security alerts.'],
        { label: 'Verify email', url },
        ['The link works once, for 30 minutes.'],
      );
}

/** What a security alert tells the owner. */
export type AlertEvent = 'new_address' | 'password_changed' | 'password_reset' | 'second_factor_added' | 'second_factor_removed';

const ALERTS: Record<MailLanguage, Record<AlertEvent, string>> = {
  en: {
    new_address: 'Your account was signed in to from a new address: {ip}.',
    password_changed: 'The password of your account was changed.',
    password_reset: 'The password of your account was reset with an email link; every session was signed out.',
    second_factor_added: 'A second factor was added to your account.',
    second_factor_removed: 'A second factor was removed from your account.',
  },
  vi: {
    new_address: 'Tài khoản của bạn vừa được đăng nhập từ một địa chỉ mới: {ip}.',
    password_changed: 'Mật khẩu tài khoản của bạn đã được thay đổi.',
    password_reset: 'Mật khẩu tài khoản của bạn đã được đặt lại bằng liên kết email; mọi phiên đăng nhập đã bị đăng xuất.',
    second_factor_added: 'Một yếu tố xác thực thứ hai đã được thêm vào tài khoản của bạn.',
    second_factor_removed: 'Một yếu tố xác thực thứ hai đã bị gỡ khỏi tài khoản của bạn.',
  },
};

export function securityAlertMail(language: MailLanguage, to: string, username: string, event: AlertEvent, ip: string | null): Mail {
  const what = ALERTS[language][event].replace('{ip}', ip ?? '?');
  return language === 'vi'
    ? plain(to, 'Cảnh báo bảo mật', [
        `Xin chào ${username},`,
        what,
        'Nếu không phải bạn, hãy đổi mật khẩu và xem các phiên đăng nhập trong Tài khoản.',
      ])
    : plain(to, 'Security alert', [
        `Hello ${username},`,
        what,
        'If this was not you, change your password and check your sessions under My Account.',
      ]);
}
