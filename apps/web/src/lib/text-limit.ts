import { graphemeCount, graphemeSlice } from '@shopdesk/shared/text-length';

/**
 * A length limit of a text input in user-perceived characters. A browser's `maxlength` counts
 * UTF-16 units and cuts a paste there, inside a flag or an emoji with a skin tone ("🇵🇭✨" kept as
 * "🇵"); this counts as the server's schemas do and cuts only between characters.
 */
export function graphemeLimit(max: number) {
  return {
    max,
    /** antd's `count`: the counter and the cut of a longer paste. */
    count: { show: true, max, strategy: graphemeCount, exceedFormatter: (text: string, config: { max: number }) => graphemeSlice(text, config.max) },
    /** The same cut of a controlled input's text. */
    cut: (text: string) => graphemeSlice(text, max),
    /** rc-field-form's `normalize` (the phone's Form.Item): the same cut. */
    normalize: (value: unknown) => (typeof value === 'string' ? graphemeSlice(value, max) : value),
  };
}
