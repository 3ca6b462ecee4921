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

    expect(screen.getByText('Last updated:').querySelector('time')).toHaveAttribute('dateTime', '2026-11-24');
    expect(screen.getByText('November 24, 2026')).toBeInTheDocument();
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
      '4. The community feed',
      '5. How long we keep your data',
      '6. Who processes data for us',
      '7. Your rights',
      '8. Security',
      '9. Minimum age',
      '10. Changes to this policy',
      '11. Contact',
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

    expect(screen.getByText('November 24, 2026')).toBeInTheDocument();
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
