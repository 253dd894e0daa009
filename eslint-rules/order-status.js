/**
 * `shopdesk/order-status-literal`: an order's statuses are spelled in one file,
 * packages/shared/src/orders/lifecycle.ts (the statuses, events, tabs, conditions and labels); every
 * guard, SQL predicate, tab and label elsewhere is derived from it. This rule refuses an order-status
 * string written by hand where it carries meaning:
 * - compared with an order's status field (`o.paymentStatus === 'paid'`, `case 'signed':` of a
 *   switch on one), set on one (`{ refundStatus: 'refunding' }`), or given to a drizzle operator with
 *   one (`eq(orders.shippingStatus, 'in_transit')`);
 * - quoted next to a status column in SQL text (`payment_status = 'paid'`, `${orders.refundStatus} = 'refunding'`);
 * - a status only orders have (to_purchase, in_transit, refunding…) compared with anything, tested
 *   by a `case`, or written as a type (`'in_transit' | 'signed'`).
 * Words that other lifecycles share (pending, approved, completed…) are left alone outside those
 * places: a withdrawal's 'approved' is not an order's.
 */

/** The order statuses of packages/shared/src/orders/lifecycle.ts (a unit test keeps this list equal to it). */
export const ORDER_STATUS_WORDS = {
  payment: ['pending', 'paid', 'cancelled', 'completed'],
  purchase: ['to_purchase', 'purchasing', 'purchased', 'failed'],
  shipping: ['pending_shipment', 'in_transit', 'signed'],
  refund: ['refunding', 'approved', 'rejected'],
};

const ALL = new Set(Object.values(ORDER_STATUS_WORDS).flat());
/** Statuses no other lifecycle of the product uses (deposits, withdrawals, wallet records, users, products). */
const ORDERS_ONLY = new Set(['to_purchase', 'purchasing', 'purchased', 'pending_shipment', 'in_transit', 'signed', 'refunding']);
const STATUS_FIELD = /^(payment|purchase|shipping|refund)(Status|_status)$/;
const DRIZZLE_OPERATORS = new Set(['eq', 'ne', 'inArray', 'notInArray']);
const QUOTED = `'(${[...ALL].join('|')})'`;
/** An SQL comparison, then a quoted status: `= 'paid'`, `<> 'signed'`, `is distinct from 'approved'`, `in ('paid', …)`. */
const SQL_COMPARISON = String.raw`\s*(?:(?:=|<>|!=|is\s+(?:not\s+)?distinct\s+from)\s*|(?:not\s+)?in\s*\([^)]*?)` + QUOTED;
/** SQL text naming a status column, then the comparison. */
const SQL_COLUMN_TEXT = new RegExp(String.raw`(payment|purchase|shipping|refund)_status` + SQL_COMPARISON, 'gi');
/** The text after `${x.paymentStatus}` in a template: the comparison. */
const SQL_AFTER_COLUMN = new RegExp('^' + SQL_COMPARISON, 'i');

const stringValue = (node) => {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
};

/** The name an expression ends with: `o.paymentStatus` → paymentStatus, `row['refund_status']` → refund_status. */
const nameOf = (node) => {
  if (!node) return null;
  if (node.type === 'ChainExpression' || node.type === 'TSNonNullExpression' || node.type === 'TSAsExpression') return nameOf(node.expression);
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression') return node.computed ? stringValue(node.property) : node.property.name;
  return null;
};
const isStatusField = (node) => STATUS_FIELD.test(nameOf(node) ?? '');

/** The string literals of a value: itself, an array's elements, both arms of a conditional. */
function literalsOf(node) {
  if (!node) return [];
  if (stringValue(node) !== null) return [node];
  if (node.type === 'ArrayExpression') return node.elements.flatMap(literalsOf);
  if (node.type === 'ConditionalExpression') return [...literalsOf(node.consequent), ...literalsOf(node.alternate)];
  if (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression') return literalsOf(node.expression);
  return [];
}

const MESSAGE = "Order status '{{status}}' spelled by hand: derive it from packages/shared/src/orders/lifecycle.ts (an event, a condition, a tab, orderStage, isSettled…).";

export const orderStatusLiteral = {
  meta: {
    type: 'problem',
    docs: { description: 'Order statuses are spelled only in packages/shared/src/orders/lifecycle.ts.' },
    schema: [],
    messages: { literal: MESSAGE },
  },
  create(context) {
    const report = (node, status) => context.report({ node, messageId: 'literal', data: { status } });
    const reportLiterals = (nodes, words = ALL) => {
      for (const node of nodes) {
        const value = stringValue(node);
        if (value !== null && words.has(value)) report(node, value);
      }
    };
    return {
      BinaryExpression(node) {
        if (!['===', '!==', '==', '!='].includes(node.operator)) return;
        for (const [value, other] of [
          [node.left, node.right],
          [node.right, node.left],
        ]) {
          reportLiterals([value], isStatusField(other) ? ALL : ORDERS_ONLY);
        }
      },
      SwitchStatement(node) {
        const words = isStatusField(node.discriminant) ? ALL : ORDERS_ONLY;
        reportLiterals(node.cases.map((c) => c.test).filter(Boolean), words);
      },
      Property(node) {
        if (!node.computed && STATUS_FIELD.test(node.key.name ?? stringValue(node.key) ?? '')) reportLiterals(literalsOf(node.value));
      },
      AssignmentExpression(node) {
        if (isStatusField(node.left)) reportLiterals(literalsOf(node.right));
      },
      CallExpression(node) {
        const callee = nameOf(node.callee);
        if (DRIZZLE_OPERATORS.has(callee) && isStatusField(node.arguments[0])) reportLiterals(node.arguments.slice(1).flatMap(literalsOf));
        // `array.includes('to_purchase')` and the like read a status too.
        if (callee === 'includes' && node.callee.type === 'MemberExpression') reportLiterals(node.arguments.flatMap(literalsOf), ORDERS_ONLY);
      },
      TSLiteralType(node) {
        reportLiterals([node.literal], ORDERS_ONLY);
      },
      Literal(node) {
        if (typeof node.value !== 'string') return;
        for (const match of node.value.matchAll(SQL_COLUMN_TEXT)) report(node, match[2]);
      },
      TemplateLiteral(node) {
        node.quasis.forEach((quasi, index) => {
          const text = quasi.value.cooked ?? quasi.value.raw;
          const afterColumn = index > 0 && isStatusField(node.expressions[index - 1]) ? SQL_AFTER_COLUMN.exec(text) : null;
          if (afterColumn) report(quasi, afterColumn[1]);
          for (const match of text.matchAll(SQL_COLUMN_TEXT)) report(quasi, match[2]);
        });
      },
    };
  },
};

export default { rules: { 'order-status-literal': orderStatusLiteral } };
