import 'server-only';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import cn from '@/messages/cn.json';
import ru from '@/messages/ru.json';
import { localizePath, type AppLocale } from '@/lib/i18n/locales';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { env } from '../platform/env';

/** What every email is made of; `renderEmail` turns it into plain text and simple HTML. */
export interface EmailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Label and value pairs (when, where, guests…). */
  details?: [string, string][];
  action?: { label: string; url: string };
  /** Paragraphs after the button (e.g. "if it was not you"). */
  after?: string[];
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const MESSAGES = { ru, en, zh: cn } as const;
export const appLocaleOf = (language: TextLanguage): AppLocale => (language === 'zh' ? 'zh-CN' : language);

/** The translator of the `mail` messages in the recipient's language. */
export function mailTranslator(language: TextLanguage) {
  return createTranslator({
    locale: appLocaleOf(language),
    messages: MESSAGES[language],
    namespace: 'mail',
    timeZone: 'Asia/Vladivostok',
  });
}
export type MailTranslator = ReturnType<typeof mailTranslator>;

/** An absolute link to a page of the site in the recipient's language ('/go/AbC' → https://…/en/go/AbC). */
export function siteLink(language: TextLanguage, path: string): string {
  return new URL(localizePath(appLocaleOf(language), path), env().SITE_URL).toString();
}

/** A departure's date and time as the traveller reads it (the trips are in Vladivostok's time zone). */
export function formatWhen(date: Date, language: TextLanguage): string {
  return new Intl.DateTimeFormat(appLocaleOf(language), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Vladivostok',
  }).format(date);
}

export function formatMoney(amount: number, currency: string, language: TextLanguage): string {
  try {
    return new Intl.NumberFormat(appLocaleOf(language), {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
    }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Hello, name (or a greeting without one). */
export const greetingOf = (t: MailTranslator, name: string) =>
  name.trim() ? t('greeting', { name: name.trim() }) : t('greetingAnonymous');

/** Plain text and simple, inline-styled HTML of the same content. */
export function renderEmail(content: EmailContent, language: TextLanguage): RenderedEmail {
  const t = mailTranslator(language);
  const details = content.details ?? [];
  const after = content.after ?? [];
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(details.length ? [details.map(([label, value]) => `${label}: ${value}`).join('\n')] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...after,
    `${t('signature')}\n${env().SITE_URL}`,
    t('automatic'),
  ].join('\n\n');
  const paragraph = (value: string) => `<p style="margin:0 0 16px">${escapeHtml(value).replace(/\n/g, '<br>')}</p>`;
  const html = [
    `<!doctype html><html lang="${appLocaleOf(language)}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1d2433;font-size:16px;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">',
    `<p style="margin:0 0 24px;font-weight:bold;font-size:20px;color:#0b7a75">${escapeHtml(t('brand'))}</p>`,
    paragraph(content.greeting),
    ...content.paragraphs.map(paragraph),
    details.length
      ? `<table style="border-collapse:collapse;margin:0 0 16px">${details
          .map(
            ([label, value]) =>
              `<tr><td style="padding:4px 16px 4px 0;color:#5b6475;vertical-align:top">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`,
          )
          .join('')}</table>`
      : '',
    content.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#0b7a75;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(content.action.label)}</a></p>`
      : '',
    ...after.map(paragraph),
    `<p style="margin:24px 0 0;color:#5b6475;font-size:14px">${escapeHtml(t('signature'))}<br><a href="${escapeHtml(env().SITE_URL)}" style="color:#0b7a75">${escapeHtml(env().SITE_URL)}</a></p>`,
    `<p style="margin:8px 0 0;color:#8a93a3;font-size:12px">${escapeHtml(t('automatic'))}</p>`,
    '</div></body></html>',
  ].join('');
  return { subject: content.subject, text, html };
}
