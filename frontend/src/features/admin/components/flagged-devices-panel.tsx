import { useId } from 'react';
import { Card } from '../../../shared/ui/card';
import { QueryStatus } from '../../../shared/ui/query-status';
import { pagedItems, pagedTotal, useFlaggedDevicesInfiniteQuery, type FlaggedDevice } from '../api/admin.api';
import { accountIdText, formatDateTime, isoDate, shortId } from '../lib/format';
import { PagedFooter, pagedIsEmpty, pagedState, RowSkeletons } from './admin-parts';
import parts from './admin-parts.module.css';

function deviceKey(device: FlaggedDevice): string {
  return `${device.fingerprintHash}:${device.userId}`;
}

/** Moderation (D19): the accounts whose device fingerprint was flagged. */
export function FlaggedDevicesPanel() {
  const headingId = useId();
  const devices = useFlaggedDevicesInfiniteQuery();
  const total = pagedTotal(devices.currentData);
  return (
    // The table's scrolling box is the region the heading names.
    <Card className={parts.panel}>
      <h2 id={headingId} className={parts.panelTitle}>
        {total === null ? 'Flagged Devices' : `Flagged Devices (${total})`}
      </h2>
      <QueryStatus
        query={pagedState(devices)}
        loadingText="Loading flagged devices..."
        skeleton={<RowSkeletons rows={2} height="2.75rem" />}
        errorText="Could not load the flagged devices."
        emptyText="No flagged devices."
        isEmpty={pagedIsEmpty}
      >
        {(data) => (
          <>
            <div className={parts.tableWrap} role="region" aria-labelledby={headingId} tabIndex={0}>
              <table className={parts.table}>
                <thead>
                  <tr>
                    <th scope="col">Fingerprint</th>
                    <th scope="col">User</th>
                    <th scope="col">User ID</th>
                    <th scope="col">Flagged</th>
                  </tr>
                </thead>
                <tbody>
                  {pagedItems<FlaggedDevice>(data, deviceKey).map((device) => (
                    <tr key={deviceKey(device)}>
                      <td className={parts.mono} title={device.fingerprintHash}>
                        {shortId(device.fingerprintHash, 12)}
                      </td>
                      <td>{device.email ?? device.username ?? 'Unknown'}</td>
                      <td className={parts.mono}>{accountIdText(device.userId)}</td>
                      <td className={parts.nowrap}>
                        <time dateTime={isoDate(device.createdAt)}>{formatDateTime(device.createdAt)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <PagedFooter result={devices} />
          </>
        )}
      </QueryStatus>
    </Card>
  );
}
