/**
 * The one place messages are shown from outside React. The desktop tree installs antd's `message`,
 * the mobile tree antd-mobile's `Toast`, so the HTTP client stays free of any UI kit.
 */
export interface Notifier {
  error(text: string): void;
  success(text: string): void;
  info(text: string): void;
  warning(text: string): void;
}

const consoleNotifier: Notifier = {
  error: (text) => console.error(text),
  success: (text) => console.info(text),
  info: (text) => console.info(text),
  warning: (text) => console.warn(text),
};

let current: Notifier = consoleNotifier;

export function setNotifier(notifier: Notifier): () => void {
  current = notifier;
  return () => {
    if (current === notifier) current = consoleNotifier;
  };
}

export const notify: Notifier = {
  error: (text) => current.error(text),
  success: (text) => current.success(text),
  info: (text) => current.info(text),
  warning: (text) => current.warning(text),
};
