import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, signedOut, stubApi, type ApiRoutes } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { shownToasts } from '../../../test/toasts';
import { userBody } from '../../../test/contract-answers';

type User = ReturnType<typeof userEvent.setup>;

const SITE_CONFIG = () => json({ demoVideoUrl: null, supportEmail: 'help@magic-editor.example' });
const SENT = () => json({ message: 'Message sent' }, { status: 201 });

async function openContact(routes: ApiRoutes = {}) {
  const stub = stubApi({ 'GET /api/user': signedOut, 'GET /api/site-config': SITE_CONFIG, ...routes });
  const view = renderRoute('/contact');
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
  return { ...stub, ...view };
}

function form() {
  return screen.getByRole('form', { name: 'Contact form' });
}

function field(label: string) {
  return within(form()).getByLabelText(label);
}

async function fill(user: User, values: Partial<Record<'Name' | 'Email' | 'Subject' | 'Message', string>>) {
  for (const [label, value] of Object.entries(values)) {
    await user.click(field(label));
    await user.paste(value);
  }
}

const VALID = { Name: 'Dana Scully', Email: 'dana@example.com', Subject: 'Billing question', Message: 'Where is my invoice?' };

async function send(user: User) {
  await user.click(within(form()).getByRole('button', { name: 'Send Message' }));
}

const contactCalls = (requests: Request[]) => requests.filter((request) => new URL(request.url).pathname === '/api/contact');

async function toast(text: string) {
  const toaster = await screen.findByRole('region', { name: /Notifications/ });
  return within(toaster).findByText(text, { exact: true });
}

const FAILED = { title: 'Error', description: 'Failed to send message. Please try again.' };

describe('/contact (001 §2, §9; D34)', () => {
  it('says replies come within 24 hours and gives the support address from the site configuration', async () => {
    await openContact();

    expect(screen.getByText('We reply within 24 hours')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@magic-editor.example' })).toHaveAttribute(
      'href',
      'mailto:help@magic-editor.example',
    );
  });

  it('reads "our support address" while the site configuration loads', async () => {
    await openContact({ 'GET /api/site-config': () => new Promise<Response>(() => undefined) });

    expect(screen.getByText(/Write to our support address\./)).toBeInTheDocument();
  });

  it('asks for name, email (type email), subject and message', async () => {
    await openContact();

    expect(field('Name')).toHaveAttribute('type', 'text');
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Subject')).toHaveAttribute('type', 'text');
    expect(field('Message').tagName).toBe('TEXTAREA');
  });
});

describe('contact form validation (001 §5, the /api/contact contract)', () => {
  it('says what each empty field needs and sends nothing', async () => {
    const user = userEvent.setup();
    const { requests } = await openContact();

    await send(user);

    await waitFor(() => expect(field('Name')).toHaveAccessibleDescription('Please enter your name'));
    expect(field('Email')).toHaveAccessibleDescription('Please enter your email');
    expect(field('Subject')).toHaveAccessibleDescription('Please enter a subject');
    expect(field('Message')).toHaveAccessibleDescription('Up to 5000 characters. Please enter a message');
    expect(contactCalls(requests)).toHaveLength(0);
  });

  it('counts a field of spaces as empty', async () => {
    const user = userEvent.setup();
    await openContact();
    await fill(user, { ...VALID, Subject: '    ' });

    await send(user);

    await waitFor(() => expect(field('Subject')).toHaveAccessibleDescription('Please enter a subject'));
    expect(field('Name')).not.toHaveAccessibleDescription();
  });

  it('checks the e-mail address, and clears the message once it is fixed', async () => {
    const user = userEvent.setup();
    const { requests } = await openContact();
    await fill(user, { ...VALID, Email: 'dana@' });

    await send(user);

    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email address'));
    expect(contactCalls(requests)).toHaveLength(0);

    await user.type(field('Email'), 'example.com');

    expect(field('Email')).not.toHaveAccessibleDescription();
  });

  it.each([
    ['Name', 101, 'Name must be at most 100 characters'],
    ['Subject', 201, 'Subject must be at most 200 characters'],
    ['Message', 5001, 'Up to 5000 characters. Message must be at most 5000 characters'],
  ] as const)('limits the %s to its length', async (label, length, message) => {
    const user = userEvent.setup();
    const { requests } = await openContact();
    await fill(user, { ...VALID, [label]: 'x'.repeat(length) });

    await send(user);

    await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
    expect(contactCalls(requests)).toHaveLength(0);
  });

  it('limits the e-mail to 254 characters', async () => {
    const user = userEvent.setup();
    await openContact();
    await fill(user, { ...VALID, Email: `${'a'.repeat(243)}@example.com` });

    await send(user);

    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription('Email must be at most 254 characters'));
  });

  it('accepts the longest values the server accepts', async () => {
    const user = userEvent.setup();
    const { requests } = await openContact({ 'POST /api/contact': SENT });
    await fill(user, { ...VALID, Name: 'n'.repeat(100), Subject: 's'.repeat(200), Message: 'm'.repeat(5000) });

    await send(user);

    await waitFor(() => expect(contactCalls(requests)).toHaveLength(1));
  });

  it('hides the honeypot from people: out of the accessibility tree, never focused, no autofill', async () => {
    const user = userEvent.setup();
    await openContact();
    const honeypot = within(form()).getByLabelText('Website');

    expect(within(form()).queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();

    // Tab through the whole form: the honeypot never takes focus.
    await user.click(field('Name'));
    const visited: Element[] = [];
    for (let step = 0; step < 8; step += 1) {
      await user.tab();
      visited.push(document.activeElement as Element);
    }
    expect(visited).toContain(field('Message'));
    expect(visited).toContain(within(form()).getByRole('button', { name: 'Send Message' }));
    expect(visited).not.toContain(honeypot);
  });
});

describe('sending a message (001 §3, §8)', () => {
  it('sends the trimmed fields, says "Message sent!" and empties the form', async () => {
    const user = userEvent.setup();
    const { requests } = await openContact({ 'POST /api/contact': SENT });
    await fill(user, { ...VALID, Name: '  Dana Scully ' });

    await send(user);

    expect(await toast('Message sent!')).toBeInTheDocument();
    expect(screen.getByText("Thank you for contacting us. We'll get back to you soon.")).toBeInTheDocument();
    expect(await contactCalls(requests)[0]?.json()).toEqual({
      name: 'Dana Scully',
      email: 'dana@example.com',
      subject: 'Billing question',
      message: 'Where is my invoice?',
    });
    await waitFor(() => expect(field('Name')).toHaveValue(''));
    expect(field('Email')).toHaveValue('');
    expect(field('Subject')).toHaveValue('');
    expect(field('Message')).toHaveValue('');
  });

  it('passes a filled honeypot on for the server to drop', async () => {
    const user = userEvent.setup();
    const { requests } = await openContact({ 'POST /api/contact': SENT });
    await fill(user, VALID);
    fireEvent.input(within(form()).getByLabelText('Website'), { target: { value: 'http://spam.example' } });

    await send(user);

    await toast('Message sent!');
    expect(await contactCalls(requests)[0]?.json()).toMatchObject({ website: 'http://spam.example' });
  });

  it('disables Send and reads "Sending..." while the message is on its way', async () => {
    let finish: (response: Response) => void = () => undefined;
    const user = userEvent.setup();
    await openContact({
      'POST /api/contact': () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }),
    });
    await fill(user, VALID);

    await send(user);

    const sending = await within(form()).findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    finish(SENT());
    expect(await within(form()).findByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('says "Error: Failed to send message. Please try again." and keeps what was typed', async () => {
    const user = userEvent.setup();
    await openContact({
      'POST /api/contact': () => json({ message: 'Something went wrong on our side. Please try again.' }, { status: 500 }),
    });
    await fill(user, VALID);

    await send(user);

    expect(await toast('Error')).toBeInTheDocument();
    // 001 §8 exactly: the server's 500 sentence is not shown instead of it, nor added to it.
    expect(shownToasts()).toEqual([FAILED]);
    expect(field('Message')).toHaveValue('Where is my invoice?');
  });

  it("adds the server's sentence after the spec's text when the hourly limit is reached (429)", async () => {
    const user = userEvent.setup();
    const limit = 'You have sent 5 messages in the last hour. Please try again later.';
    await openContact({
      'POST /api/contact': () =>
        json({ message: limit, error: 'Too Many Requests', code: 'SUPPORT.TOO_MANY_MESSAGES' }, { status: 429 }),
    });
    await fill(user, VALID);

    await send(user);

    expect(await toast('Error')).toBeInTheDocument();
    expect(shownToasts()).toEqual([{ title: 'Error', description: `Failed to send message. Please try again. ${limit}` }]);
  });

  it("shows the server's field message under the field", async () => {
    const user = userEvent.setup();
    await openContact({
      'POST /api/contact': () =>
        json(
          {
            message: 'Please enter a valid email address',
            error: 'Please enter a valid email address',
            code: 'VALIDATION.FAILED',
            details: [{ field: 'email', messages: ['Please enter a valid email address'] }],
          },
          { status: 400 },
        ),
    });
    await fill(user, VALID);

    await send(user);

    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription('Please enter a valid email address'));
    expect(await toast('Error')).toBeInTheDocument();
    expect(shownToasts()).toEqual([FAILED]);
  });

  it('fills in the name and e-mail of a signed-in user', async () => {
    await openContact({
      'GET /api/user': () =>
        json(userBody({ id: '4', email: 'fox@example.com', username: 'fox', firstName: 'Fox', lastName: 'Mulder' })),
    });

    await waitFor(() => expect(field('Name')).toHaveValue('Fox Mulder'));
    expect(field('Email')).toHaveValue('fox@example.com');
  });
});
