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

/** A message's text, or how to write it once it is shown (the catalogs may still be loading). */
export type MessageText = string | (() => string);

type Kind = keyof Notifier;

/**
 * Messages sent before a UI kit shows them: a session found ended as the app starts, before its
 * shell has mounted. They wait (a few at most) and show when the first notifier is installed.
 */
const waiting: { kind: Kind; text: MessageText }[] = [];
const WAITING_MAX = 5;

let current: Notifier | null = null;

const textOf = (text: MessageText) => (typeof text === 'function' ? text() : text);

export function setNotifier(notifier: Notifier): () => void {
  current = notifier;
  for (const message of waiting.splice(0)) notifier[message.kind](textOf(message.text));
  return () => {
    if (current === notifier) current = null;
  };
}

function show(kind: Kind, text: MessageText): void {
  if (current) {
    current[kind](textOf(text));
    return;
  }
  if (waiting.length < WAITING_MAX) waiting.push({ kind, text });
}

export const notify = {
  error: (text: MessageText) => show('error', text),
  success: (text: MessageText) => show('success', text),
  info: (text: MessageText) => show('info', text),
  warning: (text: MessageText) => show('warning', text),
};
