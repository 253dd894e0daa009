import { useState, type Key } from 'react';

/**
 * Products picked for a batch, by id, kept across the desktop table's pages and the phone feed's
 * loads: the table reports its keys and the rows it still shows, the phone toggles one at a time.
 */
export function useSelection<T extends { id: number }>() {
  const [selected, setSelected] = useState<Map<number, T>>(new Map());
  return {
    selected,
    selectedKeys: [...selected.keys()],
    selectedList: [...selected.values()],
    /** The desktop table's change: a key whose row is on another page keeps the row picked there. */
    select: (keys: readonly Key[], rows: readonly (T | undefined)[]) =>
      setSelected((current) => {
        const next = new Map<number, T>();
        for (const key of keys) {
          const id = Number(key);
          const row = rows.find((r) => r?.id === id) ?? current.get(id);
          if (row) next.set(id, row);
        }
        return next;
      }),
    isPicked: (item: T) => selected.has(item.id),
    toggle: (item: T) =>
      setSelected((current) => {
        const next = new Map(current);
        if (next.has(item.id)) next.delete(item.id);
        else next.set(item.id, item);
        return next;
      }),
    /** Drops these ids (done with), or everything. */
    clear: (ids?: ReadonlySet<number>) => setSelected((current) => (ids ? new Map([...current].filter(([id]) => !ids.has(id))) : new Map())),
  };
}
