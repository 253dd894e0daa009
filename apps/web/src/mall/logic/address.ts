import { ORDERS } from '@shopdesk/shared/constants';
import type { AddressInput } from '../api/types.ts';

/**
 * The receiver form's checks (SPEC §5: the mobile kit's messages for an empty or invalid name,
 * phone, area and address), the same limits the server enforces. Each error is a key of the `mall`
 * catalog under `address.errors`, shown in the buyer's language.
 */
export type AddressField = keyof AddressInput;
export type AddressErrors = Partial<Record<AddressField, string>>;

/** A phone: digits with an optional leading +, spaces, dashes and brackets, 5 to 20 characters. */
const PHONE = /^\+?[0-9][0-9 \-()]{4,19}$/;
/** MALL.RECEIVER_AREA_MAX of the shared schemas; the order keeps "area, address" in its 200 characters. */
export const AREA_MAX = 100;
const ADDRESS_MIN = 5;
const ADDRESS_MAX = ORDERS.RECEIVER_ADDRESS_MAX - AREA_MAX - 1;

export function validateAddress(input: AddressInput): AddressErrors {
  const errors: AddressErrors = {};
  const name = input.name.trim();
  const phone = input.phone.trim();
  const area = input.area.trim();
  const address = input.address.trim();
  if (!name) errors.name = 'nameEmpty';
  else if (name.length > ORDERS.RECEIVER_NAME_MAX || /[<>{}]/.test(name)) errors.name = 'nameInvalid';
  if (!phone) errors.phone = 'phoneEmpty';
  else if (!PHONE.test(phone)) errors.phone = 'phoneInvalid';
  if (!area) errors.area = 'areaEmpty';
  else if (area.length > AREA_MAX) errors.area = 'areaInvalid';
  if (!address) errors.address = 'addressEmpty';
  else if (address.length < ADDRESS_MIN || address.length > ADDRESS_MAX) errors.address = 'addressInvalid';
  return errors;
}

export const EMPTY_ADDRESS: AddressInput = { name: '', phone: '', area: '', address: '' };
