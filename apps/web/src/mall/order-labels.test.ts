import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@shopdesk/shared/languages';
import { BUYER_ORDER_STAGES, BUYER_ORDER_TABS } from '@shopdesk/shared/orders/lifecycle';

const LOCALES = path.resolve(import.meta.dirname, '../i18n/locales');
type MallOrders = { orders: { tabs: Record<string, string>; status: Record<string, string> } };

describe("the mall's order words", () => {
  it('has a label in every language for every tab and every status the buyer reads (orderStage)', () => {
    for (const language of LANGUAGE_CODES) {
      const { orders } = JSON.parse(fs.readFileSync(path.join(LOCALES, language, 'mall.json'), 'utf8')) as MallOrders;
      expect(BUYER_ORDER_TABS.filter((tab) => !orders.tabs[tab]?.trim()), `${language} mall.json orders.tabs`).toEqual([]);
      expect(BUYER_ORDER_STAGES.filter((stage) => !orders.status[stage]?.trim()), `${language} mall.json orders.status`).toEqual([]);
    }
  });
});
