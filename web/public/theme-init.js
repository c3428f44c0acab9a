// Runs before the first paint so a dark-theme reader never sees a white flash.
// Mirrors web/lib/theme.ts: a stored choice wins, otherwise the system preference.
(function () {
  try {
    var stored = localStorage.getItem('theme');
    var dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage or matchMedia unavailable: keep the light default.
  }
})();
