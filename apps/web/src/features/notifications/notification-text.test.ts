import fs from 'node:fs';
import path from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@shopdesk/shared/languages';
import { NOTIFICATION_CONTENT, NOTIFICATION_TITLE, type NotificationMessage } from '@shopdesk/shared/notifications/codes';
import { i18nextLanguage } from '../../i18n/language.ts';
import { notificationContent } from './components/use-notification-text.ts';

const LOCALES = path.join(import.meta.dirname, '../../i18n/locales');
const i18n = i18next.createInstance();
beforeAll(async () => {
  const resources = Object.fromEntries(
    LANGUAGE_CODES.map((language) => [i18nextLanguage(language), { notifications: JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'notifications.json'), 'utf8')) as object }]),
  );
  await i18n.init({ lng: 'en-US', fallbackLng: false, resources, interpolation: { escapeValue: false }, returnNull: false });
});

const t = (language: string) => i18n.getFixedT(i18nextLanguage(language as (typeof LANGUAGE_CODES)[number]), 'notifications') as TFunction<'notifications'>;
const order = (over: Partial<NotificationMessage>): NotificationMessage => ({
  id: 1,
  title: NOTIFICATION_TITLE.NEW_ORDER,
  content: NOTIFICATION_CONTENT.NEW_ORDER,
  createdAt: '2026-11-30T08:00:00.000Z',
  unread: true,
  orderId: 'SD2611300001',
  ...over,
});

describe('notification texts of orders', () => {
  it('a new order or refund request of a variant names the product with it, in every language', () => {
    expect(notificationContent(t('en-US'), order({ productName: 'T-shirt', variantName: 'Blue, M' }))).toBe(
      'You have a new order. Please purchase the stock in time. Product: T-shirt (Blue, M). Order: SD2611300001',
    );
    const refund = order({ title: NOTIFICATION_TITLE.REFUND_REQUEST, content: NOTIFICATION_CONTENT.REFUND_REQUEST, productName: 'T-shirt', variantName: 'Blue, M' });
    for (const language of LANGUAGE_CODES) {
      const text = notificationContent(t(language), refund);
      expect(text, language).toContain('T-shirt (Blue, M)');
      expect(text, language).toContain('SD2611300001');
    }
  });

  it('without options (or from before variants) the text names the order only, as before', () => {
    const plain = 'You have a new order. Please purchase the stock in time. Order: SD2611300001';
    expect(notificationContent(t('en-US'), order({ productName: 'Desk Fan', variantName: '' }))).toBe(plain);
    expect(notificationContent(t('en-US'), order({}))).toBe(plain);
    expect(notificationContent(t('en-US'), order({ orderId: null, productName: 'T-shirt', variantName: 'Blue, M' }))).toBe('You have a new order. Please purchase the stock in time.');
  });
});
