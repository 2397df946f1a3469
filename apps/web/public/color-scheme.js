/* global window, document */
// Mirrors Mantine's ColorSchemeScript for defaultColorScheme="auto", as a file so a strict CSP
// (no inline scripts) still allows it. Also marks practice mode (localStorage 'practiceMode'), so
// that a page rendered on the server hides its answers before paint (app/global.css).
(function () {
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    var scheme = stored === 'light' || stored === 'dark' || stored === 'auto' ? stored : 'auto';
    if (scheme === 'auto') {
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
    if (window.localStorage.getItem('practiceMode') === 'true') {
      document.documentElement.setAttribute('data-practice-mode', 'true');
    }
  } catch {
    // storage unavailable: Mantine applies the scheme once it mounts
  }
})();
