/** What a promotion's screen hook answers for its editor (vouchers, flash deals), on both devices. */
export interface PromotionEditorState {
  open: boolean;
  title: string;
  close: () => void;
  busy: 'preview' | 'save' | null;
  /** Checks the form, then asks for the margin preview. */
  check: () => unknown;
  checkText: string;
  cancelText: string;
  refusal: string | null;
}

/** Each product's lowest price against its purchase cost, before a promotion is saved. */
export interface PromotionPreviewState {
  rows: { productId: number; name: string; price: string; lowest: string; cost: string; profit: string; belowCost: boolean }[];
  belowCost: boolean;
  refused: boolean;
  summary: string;
  saveText: string;
  save: () => unknown;
  back: () => void;
}
