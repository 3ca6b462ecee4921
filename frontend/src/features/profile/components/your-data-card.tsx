import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { getErrorStatus } from '../../../shared/api/base-api';
import type { CurrentUser } from '../../../shared/api/current-user.api';
import { serverMessage } from '../../../shared/api/error-text';
import { Button } from '../../../shared/ui/button';
import { DownloadIcon, ShieldIcon, TrashIcon } from '../../../shared/ui/icons';
import { notifyError } from '../../../shared/ui/notify';
import { Spinner } from '../../../shared/ui/spinner';
import { useDownloadMyDataMutation } from '../api/profile.api';
import { DeleteAccountDialog } from './delete-account-dialog';
import styles from './profile-cards.module.css';
import { ProfileCard } from './profile-card';

export const EXPORT_STARTED_TITLE = 'Download started';
export const EXPORT_FAILED_TEXT = 'Could not prepare your data. Please try again.';

/**
 * The profile's "Your data" card (D35): "Download my data" saves a zip of the account, ledger,
 * image list and images; "Delete my account" opens the confirmation dialog.
 */
export function YourDataCard({ user }: { user: CurrentUser }) {
  const [downloadMyData, { isLoading: preparing }] = useDownloadMyDataMutation();
  const [deleting, setDeleting] = useState(false);

  async function download() {
    if (preparing) return;
    try {
      const { fileName } = await downloadMyData().unwrap();
      toast.success(EXPORT_STARTED_TITLE, { description: `Your data is being saved as ${fileName}.` });
    } catch (error) {
      // 429: the server's own sentence (3 downloads an hour); anything else, the general text.
      const limited = getErrorStatus(error) === 429 ? serverMessage(error) : undefined;
      notifyError('Download failed', { description: limited ?? EXPORT_FAILED_TEXT });
    }
  }

  return (
    <ProfileCard titleId="your-data-title" icon={<ShieldIcon />} title="Your data">

      <div className={styles.dataBlock}>
        <h3 className={styles.blockTitle}>Download my data</h3>
        <p className={styles.muted}>
          A zip file with your account details, subscription, credit history and list of images (as JSON), plus your images.
        </p>
        <Button variant="secondary" className={styles.action} aria-disabled={preparing || undefined} onClick={() => void download()}>
          {preparing ? (
            <span aria-hidden="true">
              <Spinner size="sm" />
            </span>
          ) : (
            <DownloadIcon />
          )}
          {preparing ? 'Preparing your data...' : 'Download my data'}
        </Button>
      </div>

      <div className={styles.dataBlock}>
        <h3 className={styles.blockTitle}>Delete my account</h3>
        <p className={styles.muted}>
          Permanently delete your account, your images and your personal data. See the <Link to="/privacy">Privacy Policy</Link>{' '}
          for what we keep and why.
        </p>
        <Button variant="destructive" className={styles.action} onClick={() => setDeleting(true)}>
          <TrashIcon />
          Delete my account
        </Button>
      </div>

      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} email={user.email} />
    </ProfileCard>
  );
}
