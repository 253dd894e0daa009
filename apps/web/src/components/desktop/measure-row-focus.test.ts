// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { untabMeasureRows } from './measure-row-focus.ts';

describe('untabMeasureRows', () => {
  it('takes the controls of a measure row out of the tab order, and nothing else', () => {
    document.body.innerHTML = `
      <table><thead><tr><th><input type="checkbox" id="header"></th></tr></thead>
      <tbody>
        <tr class="ant-table-measure-row" aria-hidden="true"><td><div><label><input type="checkbox" id="copy"></label><span tabindex="0" id="sorter"></span><button id="filter"></button></div></td></tr>
        <tr><td><input type="checkbox" id="row"></td></tr>
      </tbody></table>`;
    untabMeasureRows(document.body);
    for (const id of ['copy', 'sorter', 'filter']) expect(document.getElementById(id)?.getAttribute('tabindex'), id).toBe('-1');
    for (const id of ['header', 'row']) expect(document.getElementById(id)?.hasAttribute('tabindex'), id).toBe(false);
  });
});
