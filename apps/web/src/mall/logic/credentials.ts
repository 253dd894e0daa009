import { AUTH } from '@shopdesk/shared/constants';

/**
 * The buyer's username and password as the server checks them (the login form's limits of SPEC §5:
 * username 3–20 of letters, digits and _, password 6–20). Errors are keys of the `mall` catalog.
 */
export function validateBuyerCredentials(username: string, password: string): { username?: string; password?: string } {
  const errors: { username?: string; password?: string } = {};
  const name = username.trim();
  if (!name) errors.username = 'auth.usernameEmpty';
  else if (name.length < AUTH.USERNAME_MIN || name.length > AUTH.USERNAME_MAX || !/^[A-Za-z0-9_]+$/.test(name)) errors.username = 'auth.usernameRule';
  if (!password) errors.password = 'auth.passwordEmpty';
  else if (password.length < AUTH.PASSWORD_MIN || password.length > AUTH.PASSWORD_MAX) errors.password = 'auth.passwordRule';
  return errors;
}
