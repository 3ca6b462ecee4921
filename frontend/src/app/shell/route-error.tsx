import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { Button, buttonClassName } from '../../shared/ui/button';
import { Card } from '../../shared/ui/card';
import styles from './route-error.module.css';

/**
 * Shown when a page throws while rendering or its code cannot be loaded (for instance after a
 * new version was deployed while the tab was open): reloading fetches the current version.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div className={styles.wrapper}>
      <Card className={styles.card} role="alert">
        <h1>Something went wrong</h1>
        <p className={styles.text}>This page could not be shown. Reloading usually fixes it.</p>
        <div className={styles.actions}>
          <Button variant="primary" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
          <a className={buttonClassName({ variant: 'secondary' })} href="/">
            Go to the home page
          </a>
        </div>
      </Card>
    </div>
  );
}
