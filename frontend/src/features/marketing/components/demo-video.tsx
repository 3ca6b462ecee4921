import { useState } from 'react';
import { useGetSiteConfigQuery } from '../api/marketing.api';
import styles from './demo-video.module.css';

/** 16:9, made from the example before/after pair (public/assets/CREDITS.md). */
export const DEMO_POSTER = { src: '/assets/demo-poster.jpg', width: 1280, height: 720 } as const;
const POSTER_ALT =
  'A cat photo before and after the prompt "add snow falling and make the colors warmer": the edit adds snowflakes and a warmer tone.';

/**
 * The landing page's demo (000 §2 "embedded demo video"). The address comes from
 * GET /api/site-config. A same-origin or https file plays in a native `<video>` (the server's CSP
 * allows no third-party frames, so no YouTube/Vimeo iframe). Without a video, while the address
 * is loading, when the call fails or when the file cannot be played, the poster stands in with a
 * caption saying so. The box is 16:9 in every state, so nothing moves when the answer arrives.
 */
export function DemoVideo() {
  const { data, isLoading } = useGetSiteConfigQuery();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = data?.demoVideoUrl ?? null;
  const playable = url !== null && url !== failedUrl;

  let caption: string;
  if (playable) caption = 'From upload to finished edit: the whole workflow in one short video.';
  else if (isLoading) caption = 'Loading the demo...';
  else if (url !== null) caption = 'The demo video could not be loaded. Please try again later.';
  else caption = 'Until then, the quickest demo is your own photo: your first 2 edits are free.';

  return (
    <figure className={styles.figure}>
      <div className={styles.frame} aria-busy={isLoading}>
        {playable ? (
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
        ) : (
          <>
            <img
              className={styles.media}
              src={DEMO_POSTER.src}
              width={DEMO_POSTER.width}
              height={DEMO_POSTER.height}
              alt={POSTER_ALT}
              loading="lazy"
              decoding="async"
            />
            {isLoading ? null : (
              <p className={styles.badge}>{url === null ? 'Demo video coming soon' : 'Demo video unavailable'}</p>
            )}
          </>
        )}
      </div>
      <figcaption className={styles.caption}>{caption}</figcaption>
    </figure>
  );
}
