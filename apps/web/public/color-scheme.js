/* global window, document */
// Mirrors Mantine's ColorSchemeScript for defaultColorScheme="auto", as a file so a strict CSP
// (no inline scripts) still allows it.
(function () {
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    var scheme = stored === 'light' || stored === 'dark' || stored === 'auto' ? stored : 'auto';
    if (scheme === 'auto') {
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    // storage unavailable: Mantine applies the scheme once it mounts
  }
})();
