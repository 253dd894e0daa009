import type { ZodType } from 'zod';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A validator rule (rc-field-form, used by antd and antd-mobile) from a shared zod schema. */
export function zodRule(schema: ZodType, t: Translate, params: Record<string, unknown> = {}) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (result.success) return;
      const key = result.error.issues[0]?.message ?? 'validation.required';
      throw new Error(t(`common:${key}`, params));
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
