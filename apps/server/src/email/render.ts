/**
 * The one email template system: every email is a heading, paragraphs, an optional
 * button and an optional footnote, rendered to matching HTML and plain text.
 */
export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Shown small under the button, e.g. "This link expires in 24 hours." */
  footnote?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

import type { Language } from '@app/shared';
import { emailTexts } from './locales';

const PRODUCT_NAME = 'Vaultline';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The email in its reader's language: the content is already in it, the frame around it is added here (English without one). */
export function renderEmail(content: EmailContent, language?: Language): RenderedEmail {
  const { t, language: lang } = emailTexts(language);
  const paragraphsHtml = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.6;color:#1f2937">${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('');
  const actionHtml = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0f5132;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#6b7280">${escapeHtml(t('layout.pasteLink', { url: content.action.url }))}</p>`
    : '';
  const footnoteHtml = content.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;color:#6b7280">${escapeHtml(content.footnote)}</p>`
    : '';
  const html = `<!doctype html><html lang="${lang}"><body style="margin:0;background:#f3f4f6;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
<p style="margin:0 0 24px;font-weight:700;font-size:18px;color:#0f5132">${PRODUCT_NAME}</p>
<h1 style="margin:0 0 16px;font-size:22px;color:#111827">${escapeHtml(content.heading)}</h1>
${paragraphsHtml}${actionHtml}${footnoteHtml}
<p style="margin:32px 0 0;font-size:12px;color:#9ca3af">${escapeHtml(t('layout.footer'))}</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    t('layout.signature', { product: PRODUCT_NAME }),
  ].join('\n');
  return { subject: content.subject, html, text };
}
