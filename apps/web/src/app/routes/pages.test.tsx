import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../lib/auth/auth-store';
import { renderApp } from '../../test/render';

describe('pages', () => {
  beforeEach(() => {
    authStore.reset();
    authStore.initialise();
  });
  afterEach(() => authStore.reset());

  it('home: hero with calls to action', async () => {
    renderApp('/');
    const hero = await screen.findByRole('heading', { level: 1 });
    expect(hero.textContent).toContain('worked example');
    const heroRegion = screen.getByRole('region', { name: /worked example/ });
    expect(
      within(heroRegion)
        .getByRole('link', { name: /Browse Examples/ })
        .getAttribute('href'),
    ).toBe('/examples');
    expect(
      within(heroRegion)
        .getByRole('link', { name: /Try the LaTeX demo/ })
        .getAttribute('href'),
    ).toBe('/latex');
    expect(
      within(heroRegion)
        .getByRole('link', { name: /^About$/ })
        .getAttribute('href'),
    ).toBe('/about');
  });

  it('home: fixed statistics, six features, three steps, four subjects, three testimonials', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    for (const value of ['1000+', '50+', '500+', '24/7']) {
      expect(screen.getByText(value)).toBeTruthy();
    }
    const features = screen.getByRole('region', { name: /Everything you need/ });
    expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    const steps = screen.getByRole('region', { name: /three steps/ });
    expect(within(steps).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    const subjects = screen.getByRole('region', { name: 'Explore by subject' });
    for (const name of ['Algebra', 'Calculus', 'Geometry', 'Statistics']) {
      expect(
        within(subjects)
          .getByRole('link', { name: `Explore ${name} examples` })
          .getAttribute('href'),
      ).toBe(`/examples?subject=${name}`);
    }
    const testimonials = screen.getByRole('region', { name: /Loved by/ });
    expect(within(testimonials).getAllByRole('figure')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
  });

  it('about: explains the product and links to examples and the LaTeX demo', async () => {
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    for (const title of [
      'Who it is for',
      'How examples are organised',
      'How the maths is rendered',
      'Accounts and roles',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('link', { name: /examples/i }).length).toBeGreaterThan(0);
    expect(
      within(main)
        .getAllByRole('link', { name: /LaTeX demo/ })
        .every((link) => link.getAttribute('href') === '/latex'),
    ).toBe(true);
  });

  it('unknown paths show a friendly 404 with a link home', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: "This page doesn't exist" })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});
