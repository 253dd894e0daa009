// antd-mobile renders Toast, Dialog and ImageViewer imperatively; under React 19 it needs createRoot.
// Importing this module sets that up once. The pages that call them import them from imperative.ts,
// which imports this first; the login page and lazy-toast.ts load it with their first Toast or
// Dialog. Its ~3 KB stay off the first screen of the login and the home.
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from '../../lib/react-dom-client.ts';

type Container = (Element | DocumentFragment) & { __shopdeskRoot?: Root };

unstableSetRender((node, container: Container) => {
  container.__shopdeskRoot ??= createRoot(container);
  const root = container.__shopdeskRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete container.__shopdeskRoot;
  };
});

/** Marks the module as loaded; import it (statically or with `import()`) before an imperative call. */
export const imperativeRenderReady = true;
