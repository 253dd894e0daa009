import { useState } from 'react';
import { ActionSheet, Button } from 'antd-mobile';
import { FilterOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { CATEGORY_CHOICES } from '../product-helpers.ts';

/** The phone's category filter: a button with the chosen category, a sheet of all of them. */
export function MobileCategoryFilter({ value, onChange, testId }: { value?: string; onChange: (category?: string) => void; testId: string }) {
  const { t } = useTranslation('products');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" fill={value ? 'solid' : 'outline'} color={value ? 'primary' : 'default'} onClick={() => setOpen(true)} data-testid={testId}>
        <FilterOutline /> {value ? t(`categories.${value}`) : t('filters.allCategories')}
      </Button>
      <ActionSheet
        visible={open}
        onClose={() => setOpen(false)}
        cancelText={t('common:actions.cancel')}
        actions={[
          { key: '', text: t('filters.allCategories'), bold: !value },
          ...CATEGORY_CHOICES.map((c) => ({ key: c, text: t(`categories.${c}`), bold: value === c })),
        ]}
        onAction={(action) => {
          setOpen(false);
          onChange(action.key ? String(action.key) : undefined);
        }}
        data-testid={`${testId}-sheet`}
      />
    </>
  );
}
