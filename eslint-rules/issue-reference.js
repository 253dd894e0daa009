/**
 * `shopdesk/no-issue-reference`: comments and test names say why the code is as it is, never which
 * issue, stop or wave asked for it. Issues live outside the repository, so a tracker number tells a
 * reader nothing they can open; the decision records in docs/decisions.md are cited by title instead.
 */
const REFERENCE = /\b(?:issues?\s*#?\d+|stop\s+\d+|wave\s+\d+)\b/i;

const MESSAGE = "'{{text}}' cites the tracker: say why instead, or cite a record of docs/decisions.md by its title.";

export const noIssueReference = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments and test names do not cite issues, stops or waves.' },
    schema: [],
    messages: { reference: MESSAGE },
  },
  create(context) {
    const check = (node, text) => {
      const match = REFERENCE.exec(text ?? '');
      if (match) context.report({ node, messageId: 'reference', data: { text: match[0] } });
    };
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) check(comment, comment.value);
      },
      // Test names are the other prose of the code base: `it('…')`, `describe('…')`.
      CallExpression(node) {
        const callee = node.callee.type === 'MemberExpression' ? node.callee.object : node.callee;
        if (callee.type !== 'Identifier' || !['it', 'test', 'describe'].includes(callee.name)) return;
        const [name] = node.arguments;
        if (name?.type === 'Literal' && typeof name.value === 'string') check(name, name.value);
        if (name?.type === 'TemplateLiteral') name.quasis.forEach((quasi) => check(quasi, quasi.value.cooked));
      },
    };
  },
};
