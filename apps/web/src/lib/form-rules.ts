import type { ZodType } from 'zod';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The catalog key (in `common`) of the first problem a shared zod schema finds, or null. */
export function schemaIssue(schema: ZodType, value: unknown): string | null {
  const result = schema.safeParse(value ?? '');
  if (result.success) return null;
  return result.error.issues[0]?.message ?? 'validation.required';
}

/** A validator rule (rc-field-form, used by antd and antd-mobile) from a shared zod schema. */
export function zodRule(schema: ZodType, t: Translate, params: Record<string, unknown> = {}) {
  return lazyZodRule(async () => schema, t, params);
}

/**
 * The same rule with the schema loaded on first use, e.g.
 * `() => import('@shopdesk/shared/auth/schemas').then((m) => m.usernameSchema)`: keeps zod out of
 * the JavaScript a login page needs before it shows (issue "Fast on a phone, works offline").
 */
export function lazyZodRule(load: () => Promise<ZodType>, t: Translate, params: Record<string, unknown> = {}) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const key = schemaIssue(await load(), value);
      if (key) throw new Error(t(`common:${key}`, params));
    },
  };
}

/** A rule that the field equals another field of the same form. */
export function sameAsRule(getOther: () => unknown, t: Translate) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (!value || value === getOther()) return;
      throw new Error(t('common:validation.passwordsDoNotMatch'));
    },
  };
}

/** Keeps only digits, at most `length` of them (fund password inputs). */
export function digitsOnly(value: unknown, length: number): string {
  return String(value ?? '').replace(/\D/g, '').slice(0, length);
}

/**
 * What a screen hook asks of a form: antd's and antd-mobile's instances are both rc-field-form's,
 * so the hook reads a field and shows a server's refusal at its field on either device.
 */
export interface FormHandle<V> {
  getFieldValue(name: keyof V & string): unknown;
  setFields(fields: { name: keyof V & string; value?: unknown; errors?: string[] }[]): void;
}
