import { describe, expect, it } from 'vitest';
import { chooseColumn, columnsWidth, isColumnShown, parseColumnChoices } from './column-choice.ts';

const optional = { profit: true, createTime: false };

describe('column chooser choices', () => {
  it('always shows key columns and optional ones by their default until chosen', () => {
    expect(isColumnShown('orderId', optional, undefined)).toBe(true);
    expect(isColumnShown('orderId', optional, { orderId: false })).toBe(true);
    expect(isColumnShown('profit', optional, undefined)).toBe(true);
    expect(isColumnShown('createTime', optional, undefined)).toBe(false);
    expect(isColumnShown('createTime', optional, { createTime: true })).toBe(true);
  });

  it('keeps only what differs from the default, per table', () => {
    let choices = chooseColumn({}, 'orders', 'createTime', true, optional);
    expect(choices).toEqual({ orders: { createTime: true } });
    choices = chooseColumn(choices, 'orders', 'profit', false, optional);
    expect(choices).toEqual({ orders: { createTime: true, profit: false } });
    choices = chooseColumn(choices, 'orders', 'createTime', false, optional);
    choices = chooseColumn(choices, 'orders', 'profit', true, optional);
    expect(choices).toEqual({});
  });

  it('reads stored choices defensively', () => {
    expect(parseColumnChoices(JSON.stringify({ orders: { createTime: true, x: 'yes' }, bad: 3, list: [1] }))).toEqual({ orders: { createTime: true } });
    expect(parseColumnChoices('{oops')).toEqual({});
    expect(parseColumnChoices('[1]')).toEqual({});
    expect(parseColumnChoices(null)).toEqual({});
  });

  it('adds the shown widths up, with the selection column and a default for a flexible one', () => {
    expect(columnsWidth([{ width: 196 }, { width: 230 }, {}], 32)).toBe(196 + 230 + 280 + 32);
  });
});
