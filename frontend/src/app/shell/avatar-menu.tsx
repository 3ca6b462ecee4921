import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { notifyError } from '../../shared/ui/notify';
import {
  avatarInitial,
  displayName,
  useLogoutMutation,
  type CurrentUser,
} from '../../shared/api/current-user.api';
import { getErrorMessage } from '../../shared/api/base-api';
import { EmailAddress } from '../../shared/ui/email-address';
import { CreditCardIcon, LogOutIcon, ShieldIcon, UserIcon } from '../../shared/ui/icons';
import styles from './avatar-menu.module.css';

/**
 * The signed-in user's menu (001 §2 "Top bar"): name and e-mail, My Profile, Upgrade/Buy
 * Credits, Admin Dashboard (only for admins, D22) and Sign out. Built as a disclosure (a button
 * that shows a panel of links), which screen readers announce reliably; Escape, a click outside
 * or moving focus out of it closes it.
 */
export function AvatarMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const navigate = useNavigate();
  const [logout, { isLoading: signingOut }] = useLogoutMutation();

  useEffect(() => {
    if (!open) return undefined;
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        triggerRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  function close() {
    setOpen(false);
  }

  async function signOut() {
    if (signingOut) return;
    try {
      await logout().unwrap();
    } catch (error) {
      notifyError('Logout failed', { description: getErrorMessage(error) });
      return;
    }
    setOpen(false);
    toast('Logged out', { description: 'You have been successfully logged out' });
    void navigate('/');
  }

  return (
    <div
      ref={rootRef}
      className={styles.root}
      onBlur={(event) => {
        if (open && event.relatedTarget instanceof Node && !rootRef.current?.contains(event.relatedTarget)) {
          setOpen(false);
        }
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-label="Account menu"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {avatarInitial(user.email)}
        </span>
      </button>

      {open ? (
        <div id={panelId} className={styles.panel}>
          <div className={styles.identity}>
            <p className={styles.name}>{displayName(user)}</p>
            <p className={styles.email}>
              <EmailAddress email={user.email} />
            </p>
          </div>
          <ul className={styles.items}>
            <li>
              <Link to="/profile" className={styles.item} onClick={close}>
                <UserIcon />
                My Profile
              </Link>
            </li>
            <li>
              <Link to="/pricing" className={styles.item} onClick={close}>
                <CreditCardIcon />
                Upgrade/Buy Credits
              </Link>
            </li>
            {user.isAdmin ? (
              <li>
                <Link to="/admin" className={styles.item} onClick={close}>
                  <ShieldIcon />
                  Admin Dashboard
                </Link>
              </li>
            ) : null}
            <li className={styles.separated}>
              <button
                type="button"
                className={styles.item}
                aria-disabled={signingOut}
                onClick={() => void signOut()}
              >
                <LogOutIcon />
                {signingOut ? 'Signing out...' : 'Sign out'}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
