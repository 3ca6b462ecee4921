import { Button } from './button';

export interface LoadMoreButtonProps {
  loading: boolean;
  onClick: () => void;
  /** The label while idle ("Load More", "Load more"); "Loading..." while a page loads. */
  label: string;
}

/** The button under a paged list: busy (not disabled, so it keeps focus) while the next page loads. */
export function LoadMoreButton({ loading, onClick, label }: LoadMoreButtonProps) {
  return (
    <Button variant="secondary" onClick={onClick} aria-disabled={loading || undefined} aria-busy={loading || undefined}>
      {loading ? 'Loading...' : label}
    </Button>
  );
}
