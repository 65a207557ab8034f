import { useEffect } from 'react';
import { $userType } from '../stores/visitor.ts';

/**
 * The support dialog's reader of the visitor store (spec 6): once the flow knows the visitor is internal,
 * the dialog shows staff their own help desk (global.scss keys that on `data-user-type`). An island, so it
 * shares the store with the flow's island and, unlike a module script, never holds DOMContentLoaded back.
 */
export default function SupportDialogUserType({ dialogId }: { dialogId: string }) {
  useEffect(() => $userType.subscribe((type) => document.getElementById(dialogId)?.setAttribute('data-user-type', type)), [dialogId]);
  return null;
}
