import { describe, expect, it } from 'vitest';
import type { WarehouseVariantsAnswer } from '@shopdesk/shared/products/variants';
import { combinations, draftBody, draftFrom, draftProblems, shownRows, suggestedSku, type VariantDraft } from './variant-draft.ts';

const saved: WarehouseVariantsAnswer = {
  warehouseProductId: 7,
  options: [{ name: 'Colour', values: ['Blue', 'Red'] }],
  variants: [
    { id: 70, sku: 'TEE-BLUE', optionValues: ['Blue'], name: 'Blue', purchasePriceCents: 10_00, suggestedPriceCents: 12_00, stock: 3, image: null },
    { id: 71, sku: 'TEE-RED', optionValues: ['Red'], name: 'Red', purchasePriceCents: 11_00, suggestedPriceCents: 13_00, stock: 4, image: '/red.png' },
  ],
  optionTranslations: { 'th-TH': [{ name: 'สี', values: ['น้ำเงิน', ''] }] },
};
const label = (code: string) => code;

describe('the variant editor draft', () => {
  it('makes one row per combination, keeping the saved variants while their values stay', () => {
    expect(combinations([])).toEqual([[]]);
    expect(combinations([{ values: ['Blue', 'Red'] }, { values: ['M', 'L'] }])).toEqual([
      ['Blue', 'M'],
      ['Blue', 'L'],
      ['Red', 'M'],
      ['Red', 'L'],
    ]);
    const draft = draftFrom(saved);
    const withSizes: VariantDraft = { ...draft, axes: [{ ...draft.axes[0]!, values: ['Blue', 'Red', 'Green'] }] };
    const rows = shownRows(withSizes, 7, 10_00);
    expect(rows.map((r) => [r.name, r.row.id, r.row.sku])).toEqual([
      ['Blue', 70, 'TEE-BLUE'],
      ['Red', 71, 'TEE-RED'],
      ['Green', undefined, 'P7-GREEN'],
    ]);
    // A new row starts at the product's price and its suggested price at the middle ratio (20%).
    expect([rows[2]!.row.price, rows[2]!.row.suggested]).toEqual(['10.00', '12.00']);
    expect(suggestedSku(7, ['ขาว', 'M'])).toBe('P7-1-M');
  });

  it('sends the texts by place in the axes and keeps a translated value when another is added', () => {
    const draft = draftFrom(saved);
    const axis = draft.axes[0]!;
    const grown: VariantDraft = { ...draft, axes: [{ ...axis, values: ['Green', 'Blue', 'Red'] }] };
    const body = draftBody(grown, 7, 10_00);
    expect(body.optionTranslations).toEqual({ 'th-TH': [{ name: 'สี', values: ['', 'น้ำเงิน', ''] }] });
    expect(body.variants.map((v) => [v.id, v.sku, v.optionValues])).toEqual([
      [undefined, 'P7-GREEN', ['Green']],
      [70, 'TEE-BLUE', ['Blue']],
      [71, 'TEE-RED', ['Red']],
    ]);
  });

  it('finds the problems the server would refuse', () => {
    const draft = draftFrom(saved);
    const key = (values: string[]) => JSON.stringify(values);
    const twice: VariantDraft = { ...draft, rows: { ...draft.rows, [key(['Red'])]: { ...draft.rows[key(['Red'])]!, sku: 'tee-blue' } } };
    expect(draftProblems(twice, 7, 10_00, label).map((p) => [p.field, p.message])).toEqual([
      ['row:["Blue"]:sku', 'variants.skuTwice'],
      ['row:["Red"]:sku', 'variants.skuTwice'],
    ]);
    const reserved: VariantDraft = { ...draft, rows: { ...draft.rows, [key(['Red'])]: { ...draft.rows[key(['Red'])]!, sku: 'SD-8', price: '0' } } };
    expect(draftProblems(reserved, 7, 10_00, label).map((p) => p.message)).toEqual(['variants.skuReserved', 'variants.priceInvalid']);
    const many: VariantDraft = { ...draft, axes: [...draft.axes, { key: 'x', name: 'Size', values: Array.from({ length: 26 }, (_, i) => `S${i}`) }] };
    expect(draftProblems(many, 7, 10_00, label).map((p) => p.message)).toEqual(['variants.combinationsMax']);
    const alike: VariantDraft = { ...draft, texts: { 'th-TH': { names: {}, values: { [draft.axes[0]!.key]: { Blue: 'Red' } } } } };
    expect(draftProblems(alike, 7, 10_00, label)).toEqual([{ field: 'lang:th-TH', message: 'variants.translationTwice', values: { language: 'th-TH' } }]);
    const empty: VariantDraft = { ...draft, axes: [...draft.axes, { key: 'y', name: ' ', values: [] }] };
    expect(draftProblems(empty, 7, 10_00, label).map((p) => p.message)).toEqual(['variants.optionText', 'variants.valuesRequired']);
  });
});
