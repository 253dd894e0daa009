/**
 * How variants are named (docs/decisions.md, "Product variants"), without zod: the seller's live
 * notifications name an order's variant from the layouts every page starts with.
 */

/** How a variant is named on orders, carts and notifications: its values in the axes' order ("Blue, M"); '' without options. */
export const variantName = (optionValues: readonly string[]): string => optionValues.join(', ');

/** An order line's product with its variant, as exports and texts show it: "T-shirt (Blue, M)"; the name alone without options. */
export const lineName = (productName: string, variantName: string): string => (variantName ? `${productName} (${variantName})` : productName);
