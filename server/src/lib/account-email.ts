/**
 * The e-mail of a student's or a staff member's account. Every account but a parent's has one (the check
 * constraint `users_email_unless_parent`, docs/product-parents.md): a parent may sign in by phone alone.
 * Code that handles a student or staff row reads the address through this, so a parent's row reaching it
 * is a programming error said aloud, not an e-mail sent to "null".
 */
export function accountEmail(row: { readonly email: string | null }): string {
  if (row.email == null) throw new Error('This account has no e-mail: only a parent may sign in by phone alone');
  return row.email;
}

/** A row with its e-mail known to be there (a student's or staff member's). */
export function withEmail<T extends { readonly email: string | null }>(row: T): T & { email: string } {
  return { ...row, email: accountEmail(row) };
}
