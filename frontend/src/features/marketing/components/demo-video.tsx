import { useState } from 'react';
import { useGetSiteConfigQuery } from '../api/marketing.api';
import { DemoSequence } from './demo-sequence';
import styles from './demo-video.module.css';

/** 16:9, made from the example before/after pair (public/assets/CREDITS.md): the video's poster. */
export const DEMO_POSTER = { src: '/assets/demo-poster.jpg', width: 1280, height: 720 } as const;

/**
 * The landing page's demo (000 §2 "embedded demo video"). By default it is the animated walk
 * through the editor (DemoSequence), made from the editor's screens, the sample photos and the
 * local engine's real output. When GET /api/site-config names a video (same-origin or https; the
 * server's CSP allows no third-party frames), that video plays in a native `<video>` instead;
 * while the address loads, when there is none, or when the file cannot be played, the animated
 * demo stands in.
 */
export function DemoVideo() {
  const { data } = useGetSiteConfigQuery();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = data?.demoVideoUrl ?? null;

  if (url === null || url === failedUrl) return <DemoSequence />;

  return (
    <figure className={styles.figure}>
      <div className={styles.frame}>
        <video
          key={url}
          className={styles.media}
          src={url}
          poster={DEMO_POSTER.src}
          width={DEMO_POSTER.width}
          height={DEMO_POSTER.height}
          controls
          preload="none"
          playsInline
          aria-label="Magic Editor demo video"
          onError={() => setFailedUrl(url)}
        >
          <a href={url}>Download the Magic Editor demo video</a>
        </video>
      </div>
      <figcaption className={styles.caption}>From upload to finished edit: the whole workflow in one short video.</figcaption>
    </figure>
  );
}
