import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { serverMessage } from '../../../shared/api/error-text';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogActions } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/text-field';
import { signedOutActions, useDeleteAccountMutation } from '../api/profile.api';
import styles from './profile-cards.module.css';

export const ACCOUNT_DELETED_TITLE = 'Account deleted';
export const ACCOUNT_DELETED_TEXT = 'Your account and data have been deleted.';
export const DELETE_FAILED_FALLBACK = 'Could not delete your account. Please try again.';

/** D35: deletion is confirmed by typing the account's e-mail (case and surrounding spaces aside). */
export function typedEmailMatches(typed: string, accountEmail: string): boolean {
  const value = typed.trim().toLowerCase();
  return value !== '' && value === accountEmail.trim().toLowerCase();
}

export interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
  /** The signed-in account's e-mail, which must be typed to confirm. */
  email: string;
}

/**
 * "Delete my account" (D35): lists what is deleted, asks for the account's e-mail, and only then
 * lets the deletion go. Success leaves the profile for the home page signed out, with a toast;
 * a failure keeps the dialog open with the server's message.
 */
export function DeleteAccountDialog({ open, onClose, email }: DeleteAccountDialogProps) {
  const [typedEmail, setTypedEmail] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const fieldRef = useRef<HTMLInputElement>(null);
  const deleted = useRef(false);
  const canDelete = typedEmailMatches(typedEmail, email) && !isLoading;

  function close() {
    if (isLoading) return;
    setTypedEmail('');
    setFailure(null);
    onClose();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canDelete) return;
    setFailure(null);
    try {
      await deleteAccount({ confirmEmail: typedEmail.trim() }).unwrap();
    } catch (error) {
      setFailure(serverMessage(error) ?? DELETE_FAILED_FALLBACK);
      return;
    }
    toast.success(ACCOUNT_DELETED_TITLE, { description: ACCOUNT_DELETED_TEXT });
    // The user is forgotten once the profile has gone (the cleanup below), so that the profile
    // never shows "Access Denied" on the way out.
    deleted.current = true;
    void navigate('/', { replace: true });
  }

  useEffect(
    () => () => {
      if (deleted.current) for (const action of signedOutActions()) dispatch(action);
    },
    [dispatch],
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Delete your account"
      description="This cannot be undone. Deleting your account:"
      initialFocus={fieldRef}
    >
      <form className={styles.dialogForm} noValidate onSubmit={(event) => void onSubmit(event)}>
        <ul className={styles.consequences}>
          <li>cancels your subscription at once, with no refund for the rest of the billing period;</li>
          <li>deletes all of your images, including those you shared in the community feed;</li>
          <li>deletes your laughs and any credits you have left;</li>
          <li>signs you out everywhere and deletes your personal data: your e-mail address, username and name.</li>
        </ul>
        <p className={styles.kept}>
          Records of your purchases and credits are kept for accounting, without your name or e-mail address. Want a copy of your
          data? Use "Download my data" first.
        </p>
        <TextField
          ref={fieldRef}
          label="Type your e-mail to confirm"
          type="email"
          autoComplete="off"
          hint={`Your account e-mail: ${email}`}
          value={typedEmail}
          onChange={(event) => {
            setTypedEmail(event.target.value);
            setFailure(null);
          }}
        />
        {failure ? (
          <p role="alert" className={styles.dialogError}>
            {failure}
          </p>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onClick={close}>
            Keep My Account
          </Button>
          <Button type="submit" variant="destructive" disabled={!canDelete}>
            {isLoading ? 'Deleting...' : 'Delete My Account'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
