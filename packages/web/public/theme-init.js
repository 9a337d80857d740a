// Runs before the app (a blocking classic script in index.html) so the first paint already has
// the right theme. Keep in step with src/lib/theme.ts (same storage key and class).
/* global window, document */
(function () {
  var preference = null;
  try {
    preference = localStorage.getItem('promptloom.theme');
  } catch {
    // Storage can be blocked; the system preference still applies.
  }
  var dark =
    preference === 'dark' ||
    (preference !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();
