import { Link } from 'react-router-dom';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { PageHeading } from '../../../shared/ui/page-heading';

export function AboutPage() {
  return (
    <>
      <PageHeading title="About" subtitle="Magic Editor turns one sentence into a funny, shareable photo edit." />
      <ComingSoon>
        <p>
          Our story is being written. Questions in the meantime? <Link to="/contact">Contact us</Link>.
        </p>
      </ComingSoon>
    </>
  );
}
