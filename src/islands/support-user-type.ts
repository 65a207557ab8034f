import type { UserType } from '../contract/error-codes.ts';

/**
 * Tells the page's support dialog (static HTML, outside the islands) who the visitor is, so staff see their
 * own help desk (spec 6: the user type is passed to the support widget). A page without support content has
 * no dialog, and nothing happens.
 */
export function shareUserTypeWithSupport(userType: UserType): void {
  document.getElementById('support-dialog')?.setAttribute('data-user-type', userType);
}
