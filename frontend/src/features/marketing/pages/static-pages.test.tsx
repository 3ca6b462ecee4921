import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, signedOut, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';

const SITE_CONFIG = () => json({ demoVideoUrl: null, supportEmail: 'help@magic-editor.example' });

async function open(path: string, heading: string, routes: ApiRoutes = {}) {
  stubApi({ 'GET /api/user': signedOut, 'GET /api/site-config': SITE_CONFIG, ...routes });
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  return view;
}

const sectionTitles = () =>
  within(screen.getByRole('main'))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

function section(name: RegExp) {
  return screen.getByRole('region', { name });
}

describe('/about (001 §2)', () => {
  it('says what Magic Editor is and how it works, and links to Contact', async () => {
    await open('/about', 'About');

    expect(sectionTitles()).toEqual([
      'What Magic Editor is',
      'How it works',
      'Credits, packs and plans',
      'The community feed and laughs',
      'Your privacy in brief',
      'Questions or ideas?',
    ]);
    const steps = within(section(/How it works/)).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Upload a photo',
      'Write a sentence',
      'Get magic edits',
    ]);
    expect(within(section(/How it works/)).getByText(/10-20 seconds/)).toBeInTheDocument();
    expect(within(section(/Credits/)).getByText(/2 free credits/)).toBeInTheDocument();
    expect(within(section(/privacy in brief/)).getByText(/never used to train AI/)).toBeInTheDocument();
    expect(within(section(/Questions or ideas/)).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });
});

describe('/privacy (issue 13)', () => {
  it('is a dated policy with the contact address from the site configuration', async () => {
    await open('/privacy', 'Privacy Policy');

    expect(screen.getByText('Last updated:').querySelector('time')).toHaveAttribute('dateTime', '2026-11-28');
    expect(screen.getByText('November 28, 2026')).toBeInTheDocument();
    const contact = section(/Contact$/);
    expect(await within(contact).findByRole('link', { name: 'help@magic-editor.example' })).toHaveAttribute(
      'href',
      'mailto:help@magic-editor.example',
    );
  });

  it('covers what the issue asks for, each under its own heading', async () => {
    await open('/privacy', 'Privacy Policy');

    expect(sectionTitles()).toEqual([
      'Contents',
      '1. Who we are',
      '2. What we collect and why',
      '3. How we handle your photos',
      '4. Content Credentials',
      '5. The community feed',
      '6. Reports and takedowns',
      '7. How long we keep your data',
      '8. Who processes data for us',
      '9. Your rights',
      '10. Security',
      '11. Minimum age',
      '12. Changes to this policy',
      '13. Contact',
    ]);
    expect(within(section(/How we handle your photos/)).getByText(/never used to train AI models/)).toBeInTheDocument();
    expect(within(section(/How we handle your photos/)).getByText(/remove all of its metadata/)).toBeInTheDocument();
    expect(within(section(/What we collect/)).getByText(/card data never touches our servers/)).toBeInTheDocument();
    expect(within(section(/What we collect/)).getByText(/We use no advertising, analytics or tracking cookies/)).toBeInTheDocument();

    const retention = within(section(/How long we keep/));
    expect(retention.getByRole('rowheader', { name: 'Images saved to My Edits' }).nextElementSibling).toHaveTextContent('60 days');
    expect(retention.getByRole('rowheader', { name: 'Favourite images' }).nextElementSibling).toHaveTextContent('365 days');

    const processors = section(/Who processes data/);
    for (const name of ['Stripe', 'Replicate', 'Our SMTP e-mail provider', 'OpenAI']) {
      expect(within(processors).getByText(name)).toBeInTheDocument();
    }
    expect(within(processors).getByText(/we never store it or write it to a log/)).toBeInTheDocument();

    const rights = section(/Your rights/);
    expect(within(rights).getByText(/"Download my data"/)).toBeInTheDocument();
    expect(within(rights).getByText(/"Delete my account"/)).toBeInTheDocument();
    expect(within(section(/Minimum age/)).getByText(/at least 13 years old/)).toBeInTheDocument();
  });

  it('says what a report stores, who learns of it, what a takedown keeps and for how long (D43)', async () => {
    await open('/privacy', 'Privacy Policy');

    const reports = within(section(/Reports and takedowns/));
    expect(reports.getByText(/the reason, the details the reporter chose to add, and the time/)).toBeInTheDocument();
    expect(reports.getByText(/not store the IP address itself, only a keyed hash of it/)).toBeInTheDocument();
    expect(reports.getByText(/one report per image and at most 10 reports an hour/)).toBeInTheDocument();
    expect(reports.getByText('The owner of a reported image is never told who reported it.')).toBeInTheDocument();
    expect(reports.getByText(/a SHA-256 hash of the file and a 64-bit perceptual hash of its pixels, never the image itself/)).toBeInTheDocument();
    expect(reports.getByText(/deleted one year after the decision; a report that is still open is kept until it is decided/)).toBeInTheDocument();
    expect(reports.getByText(/kept as long as the block on that image stands/)).toBeInTheDocument();
    expect(reports.getByText(/includes the reports you made \(with their outcome\) and the reports about your images/)).toBeInTheDocument();
    expect(reports.getByText(/no longer linked to you/)).toBeInTheDocument();

    const retention = within(section(/How long we keep/));
    expect(retention.getByRole('rowheader', { name: 'Reports and our decisions' }).nextElementSibling).toHaveTextContent('One year after the decision');
    expect(retention.getByRole('rowheader', { name: 'Fingerprints of taken-down images' }).nextElementSibling).toHaveTextContent(
      'As long as the block on that image stands',
    );
  });

  it('says what the Content Credentials of every image say, and that the upload is only a hash in them (D42)', async () => {
    await open('/privacy', 'Privacy Policy');

    const credentials = within(section(/Content Credentials/));
    expect(credentials.getByText(/edited with AI by Magic Editor, which AI model made the edit, and when/)).toBeInTheDocument();
    expect(credentials.getByText('only by a hash')).toBeInTheDocument();
    expect(credentials.getByText(/no copy or thumbnail of your photo, no location, no camera details/)).toBeInTheDocument();
  });

  it('refers to its own sections by their numbers', async () => {
    await open('/privacy', 'Privacy Policy');

    expect(within(section(/What we collect/)).getByText(/show it in the community feed if you share it \(see\s+section 5\)/)).toBeInTheDocument();
    expect(sectionTitles()).toContain('5. The community feed');
    expect(within(section(/What we collect/)).getByText(/use your own OpenAI key, see section 8/)).toBeInTheDocument();
    expect(sectionTitles()).toContain('8. Who processes data for us');
    expect(within(section(/Your rights/)).getByText(/see section 7 for what is kept anonymised/)).toBeInTheDocument();
    expect(sectionTitles()).toContain('7. How long we keep your data');
  });

  it('still reads while the site configuration is unavailable', async () => {
    await open('/privacy', 'Privacy Policy', {
      'GET /api/site-config': () => json({ message: 'Down' }, { status: 503 }),
    });

    expect(within(section(/Contact$/)).getByText(/Questions about your data or this policy: our support address/)).toBeInTheDocument();
  });
});

describe('/terms (001 §9)', () => {
  it('states the plans, packs and commercial policies of 001 §9', async () => {
    await open('/terms', 'Terms of Service');

    expect(screen.getByText('November 28, 2026')).toBeInTheDocument();
    const credits = section(/Credits and payments/);
    const plans = within(credits).getByRole('table', { name: /Monthly subscription plans/ });
    expect(
      within(plans)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Starter$1945', 'Creator$2970', 'Pro$49140']);
    const packs = within(credits).getByRole('table', { name: /One-time credit packs/ });
    expect(
      within(packs)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['1 credit$1', '7 credits$5', '15 credits$10', '45 credits$25']);
    for (const policy of [
      'Subscription credits roll over 1 month.',
      'Pay-as-you-go credits never expire.',
      'All sales are final. There are no refunds for used credits.',
      'Cancel anytime.',
      'Prices may change.',
    ]) {
      expect(within(credits).getByText(policy)).toBeInTheDocument();
    }
    expect(within(credits).getByText(/at least 30 days before a new subscription price/)).toBeInTheDocument();
    expect(within(section(/Your account/)).getByText(/at least 13 years old/)).toBeInTheDocument();
    expect(within(section(/^\d+\. Support/)).getByText(/Support replies within 24 hours/)).toBeInTheDocument();
    expect(await within(section(/^\d+\. Contact/)).findByRole('link', { name: 'help@magic-editor.example' })).toBeInTheDocument();
  });
});

describe('/terms: reporting and removal (D43) and AI-edited labels (D42)', () => {
  it('says who can report, what hides an image at once, the 48 hours, what a takedown does, and the labels\' rule', async () => {
    await open('/terms', 'Terms of Service');

    expect(sectionTitles()).toContain('7. Reporting and removal');
    expect(sectionTitles()).toContain('8. Suspension, termination and account deletion');
    const reporting = within(section(/Reporting and removal/));
    expect(reporting.getByText(/Anyone, signed in or not, can report an image/)).toBeInTheDocument();
    expect(reporting.getByText(/hides the image from the site at once/)).toBeInTheDocument();
    expect(reporting.getByText('We review every report within 48 hours')).toBeInTheDocument();
    expect(reporting.getByText(/deleted together with its original upload and every copy of it/)).toBeInTheDocument();
    expect(reporting.getByText(/This image can't be used\./)).toBeInTheDocument();
    expect(reporting.getByText(/may get the account\s+suspended/)).toBeInTheDocument();
    expect(reporting.getByRole('heading', { level: 3, name: 'AI-edited labels and Content Credentials' })).toBeInTheDocument();
    expect(reporting.getByText(/EU AI Act, Article 50/)).toHaveTextContent(/do not remove or alter its Content\s+Credentials or label/);
    expect(within(section(/Acceptable use/)).getByText(/take the steps in sections 7 and 8/)).toBeInTheDocument();
  });
});
