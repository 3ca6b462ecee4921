import { FlaggedDevicesPanel } from './flagged-devices-panel';
import { ImageVisibilityPanel } from './image-visibility-panel';
import parts from './admin-parts.module.css';
import { WhitelistPanel } from './whitelist-panel';

/** Beyond the spec (D14, D19): image visibility, the whitelist and flagged devices. */
export function ModerationTab() {
  return (
    <div className={parts.tab}>
      <ImageVisibilityPanel />
      <WhitelistPanel />
      <FlaggedDevicesPanel />
    </div>
  );
}
