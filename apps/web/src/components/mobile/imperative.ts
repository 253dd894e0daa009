/**
 * antd-mobile's parts with imperative calls (`Dialog.confirm`/`alert`, `Toast.show`,
 * `ImageViewer.show`): those render into roots of their own, which under React 19 takes the set-up
 * of imperative-render.ts. Import them from here, never from antd-mobile (eslint's
 * no-restricted-imports says so): the module that uses them brings the set-up along, and a page that
 * uses none, the phone's home first, does not load it (~3 KB brotli with rc-util's render and
 * Babel's async helpers).
 */
import './imperative-render.ts';

// eslint-disable-next-line no-restricted-imports -- the one place they are imported from antd-mobile.
export { Dialog, ImageViewer, Toast } from 'antd-mobile';
