// @vitest-environment happy-dom
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@shopdesk/shared/languages';

const PUBLIC = path.join(import.meta.dirname, '../../../public');
const html = fs.readFileSync(path.join(PUBLIC, 'support-chat.html'), 'utf8');
const script = fs.readFileSync(path.join(PUBLIC, 'support-chat.js'), 'utf8');

/** Opens the default support-chat page as the browser would, in a stored language. */
function open(language: string | null, search = '?shopId=12&shopName=Sunrise%20Goods&userId=5') {
  document.documentElement.innerHTML = html.replace(/^<!doctype html>\s*<html[^>]*>/i, '').replace(/<\/html>\s*$/, '').replace(/<script[\s\S]*?<\/script>/g, '');
  window.history.replaceState(null, '', `/support-chat.html${search}`);
  if (language) window.localStorage.setItem('language', language);
  else window.localStorage.removeItem('language');
  // Each run in its own scope, as a fresh page load would be.
  new Function(script)();
  return document.body.textContent ?? '';
}

describe('the default support-chat page', () => {
  it('speaks to the seller, not the developer, with the details the app passes', () => {
    const text = open('en-US');
    expect(text).toContain('Customer service');
    expect(text).not.toContain('CUSTOMER_SERVICE_URL');
    expect(document.getElementById('shopName')?.textContent).toBe('Sunrise Goods');
    expect(document.getElementById('shopId')?.textContent).toBe('12');
  });

  it.each(LANGUAGE_CODES.filter((l) => l !== 'en-US'))('%s: is written in the stored language', (language) => {
    const english = open('en-US');
    const text = open(language);
    expect(document.documentElement.lang).toBe(language);
    expect(text).not.toBe(english);
    expect(document.querySelector('[data-text="intro"]')?.textContent).not.toContain('Live chat is not connected');
  });
});
