import type { ToastShowProps } from 'antd-mobile/es/components/toast';

/**
 * Shows an antd-mobile Toast, loading it (its animation library and the imperative render set-up)
 * with the first one: they stay off the first page. A deep import, not the 'antd-mobile' index
 * (through the index a page would pull in every component's dependencies).
 */
export function showToast(props: ToastShowProps): void {
  void Promise.all([import('antd-mobile/es/components/toast'), import('./imperative-render.ts')]).then(([{ default: Toast }]) => Toast.show(props));
}
