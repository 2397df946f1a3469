import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { NewsletterBox, validateNewsletterEmail } from './newsletter-box';

function fill(email: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email address' }), {
    target: { value: email },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('newsletter box', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rejects an invalid email without calling the server', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<NewsletterBox />);

    fill('not-an-email');
    expect(await screen.findByText(/Please enter a valid email address/)).toBeTruthy();

    fill('');
    expect(await screen.findByText('Please enter your email address.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the email and thanks the user after a 202', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(Response.json({ success: true, message: 'Subscribed.' }, { status: 202 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderApp(<NewsletterBox />);

    fill('  reader@example.com ');
    expect(await screen.findByText('Thank you for subscribing!')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/newsletter');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'reader@example.com' });
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it("shows the server's message when subscribing fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          Response.json(
            {
              success: false,
              code: 'ValidationError',
              message: 'That address cannot receive mail.',
            },
            { status: 400 },
          ),
        ),
      ),
    );
    renderApp(<NewsletterBox />);
    fill('reader@example.com');
    expect(await screen.findByText('That address cannot receive mail.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });

  it('disables the form while sending', async () => {
    let resolve: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (resolve = r))),
    );
    renderApp(<NewsletterBox />);
    fill('reader@example.com');
    const input = screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement;
    await vi.waitFor(() => expect(input.disabled).toBe(true));
    expect((screen.getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    resolve(Response.json({ success: true, message: 'ok' }, { status: 202 }));
    expect(await screen.findByText('Thank you for subscribing!')).toBeTruthy();
  });

  it('validates email addresses', () => {
    expect(validateNewsletterEmail('a@b.co')).toBeNull();
    expect(validateNewsletterEmail(' a@b.co ')).toBeNull();
    expect(validateNewsletterEmail('a@b')).not.toBeNull();
    expect(validateNewsletterEmail('a b@c.de')).not.toBeNull();
    expect(validateNewsletterEmail('')).toBe('Please enter your email address.');
  });
});
