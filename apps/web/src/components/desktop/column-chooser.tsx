import { useMemo, type ReactNode } from 'react';
import { Button, Checkbox, Popover, Space, Typography, type TableColumnsType, type TableProps } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { chooseColumn, columnChoiceStore, columnsWidth, isColumnShown } from './column-choice.ts';
import './column-chooser.css';

type Column<T> = TableColumnsType<T>[number];

const keyOf = <T,>(column: Column<T>): string => String(column.key ?? ('dataIndex' in column ? column.dataIndex : ''));

interface ColumnChooserOptions {
  /**
   * The optional columns by key, each with whether it shows before the seller chooses. Every
   * other column is a key column: always shown (and usually `fixed`, so it stays when the table
   * scrolls sideways).
   */
  optional: Record<string, boolean>;
  /** Width of what the table adds before the columns (a row selection: 32). */
  extraWidth?: number;
}

export interface ColumnChooser<T> {
  /** The table's props: the shown columns, a sideways scroll only when they do not fit, headers kept whole. */
  tableProps: Pick<TableProps<T>, 'columns' | 'scroll' | 'className'>;
  /** The "Columns" button with its checklist, for the page's toolbar. */
  chooser: ReactNode;
}

/**
 * One desktop table's columns with a chooser: the seller's choice is kept per browser
 * (localStorage, per `tableId`). Columns are identified by `key` (or `dataIndex`).
 */
export function useColumnChooser<T>(tableId: string, columns: TableColumnsType<T>, { optional, extraWidth = 0 }: ColumnChooserOptions): ColumnChooser<T> {
  const { t } = useTranslation('common');
  const choices = columnChoiceStore.use();
  const chosen = choices[tableId];
  const shown = useMemo(() => columns.filter((c) => isColumnShown(keyOf(c), optional, chosen)), [columns, optional, chosen]);
  const choosable = columns.filter((c) => keyOf(c) in optional);
  const customised = chosen !== undefined;

  const list = (
    <Space direction="vertical" size={4} data-testid={`${tableId}-columns-list`}>
      {choosable.map((c) => {
        const key = keyOf(c);
        return (
          <Checkbox
            key={key}
            checked={isColumnShown(key, optional, chosen)}
            onChange={(e) => columnChoiceStore.set(chooseColumn(columnChoiceStore.get(), tableId, key, e.target.checked, optional))}
            data-testid={`${tableId}-column-${key}`}
          >
            {typeof c.title === 'function' ? key : c.title}
          </Checkbox>
        );
      })}
      <Button
        type="link"
        size="small"
        className="column-chooser-reset"
        disabled={!customised}
        onClick={() => {
          const next = { ...columnChoiceStore.get() };
          delete next[tableId];
          columnChoiceStore.set(next);
        }}
      >
        {t('columns.reset')}
      </Button>
    </Space>
  );

  return {
    tableProps: { columns: shown, scroll: { x: columnsWidth(shown, extraWidth) }, className: 'chooser-table' },
    chooser: (
      <Popover trigger="click" placement="bottomRight" title={<Typography.Text strong>{t('columns.title')}</Typography.Text>} content={list}>
        <Button icon={<SettingOutlined aria-hidden />} data-testid={`${tableId}-columns`}>
          {t('columns.button')}
        </Button>
      </Popover>
    ),
  };
}
