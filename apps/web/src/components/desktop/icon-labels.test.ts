// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { labelIcons } from './icon-labels.ts';

const icon = (name: string, label = name) => `<span role="img" aria-label="${label}" class="anticon anticon-${name}"><svg></svg></span>`;
const translate = (key: string) => `«${key}»`;
const at = (selector: string) => document.querySelector(selector);

describe('labelIcons', () => {
  it('hides an icon beside text or in a control that has its own name', () => {
    document.body.innerHTML = `
      <div class="alert">${icon('check-circle')}<span>Saved</span></div>
      <button aria-label="Close" class="modal-close">${icon('close')}</button>
      <div class="select">${icon('down')}</div>`;
    labelIcons(document.body, translate);
    for (const selector of ['.alert .anticon', '.modal-close .anticon', '.select .anticon']) {
      expect(at(selector)?.getAttribute('aria-hidden'), selector).toBe('true');
      expect(at(selector)?.hasAttribute('aria-label'), selector).toBe(false);
    }
  });

  it('names the only icon of an unnamed control in the current language, or by the title around it', () => {
    document.body.innerHTML = `
      <span class="search"><button type="button">${icon('search')}</button></span>
      <li title="Page précédente" class="prev"><button type="button" tabindex="-1">${icon('left')}</button></li>
      <div role="radio" class="star">${icon('star')}${icon('star')}</div>`;
    labelIcons(document.body, translate);
    expect(at('.search .anticon')?.getAttribute('aria-label')).toBe('«common:icons.search»');
    expect(at('.prev .anticon')?.getAttribute('aria-label')).toBe('Page précédente');
    const stars = document.querySelectorAll('.star .anticon');
    expect(stars[0].getAttribute('aria-label')).toBe('«common:icons.star»');
    expect(stars[1].getAttribute('aria-hidden')).toBe('true');
  });

  it('leaves an icon with a label of its own alone, and relabels on a language change', () => {
    document.body.innerHTML = `<span class="own">${icon('bell', 'Notifications')}</span><button class="clear">${icon('close-circle')}</button>`;
    labelIcons(document.body, translate);
    expect(at('.own .anticon')?.getAttribute('aria-label')).toBe('Notifications');
    expect(at('.own .anticon')?.hasAttribute('aria-hidden')).toBe(false);
    labelIcons(document.body, (key) => `[th] ${key}`, true);
    expect(at('.clear .anticon')?.getAttribute('aria-label')).toBe('[th] common:icons.clear');
  });
});
